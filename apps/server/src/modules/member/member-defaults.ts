// What a member starts with: the role every member holds and a self-registered member's trial.

/** The role every ordinary member holds; it is granted every seeded menu. */
export const MEMBER_ROLE = { id: 1, name: '会员' } as const;

/** Level a self-registered member starts on. */
export const REGISTER_LEVEL_ID = 1;
/** How long a self-registered trial lasts, ms (7 days). */
export const REGISTER_TRIAL_MS = 7 * 24 * 60 * 60_000;
