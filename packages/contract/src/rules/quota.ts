/** The level info of SPEC §3: what the level grants and what the member uses. */
export interface LevelQuota {
  level: { account_num: number; space_storage: number };
  level_user: { account_num: number; space_storage: number };
}

/** Remaining account quota = level.account_num − level_user.account_num, never below zero. */
export function remainingAccounts(info: LevelQuota): number {
  return Math.max(0, info.level.account_num - info.level_user.account_num);
}

/** Remaining space (bytes) = level.space_storage − level_user.space_storage, never below zero. */
export function remainingSpace(info: LevelQuota): number {
  return Math.max(0, info.level.space_storage - info.level_user.space_storage);
}

/** True when a file of `size` bytes fits in the remaining space. */
export function fitsInSpace(info: LevelQuota, size: number): boolean {
  return size <= remainingSpace(info);
}
