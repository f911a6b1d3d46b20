/** Every value the client keeps in localStorage (SPEC §3), named once. */
export const StorageKey = {
  token: 'memberToken',
  username: 'username',
  nickname: 'nickname',
  avatarUrl: 'avatarUrl',
  nfcToken: 'nfcToken',
  digitalToken: 'digitalToken',
  systemName: 'systemName',
  pageTitle: 'pageTitle',
  tokenName: 'tokenName',
  tokenType: 'tokenType',
  elementSize: 'size',
  themeColor: 'themeColor',
  theme: 'theme',
  keywordList: 'keywordList',
  sidebarStatus: 'sidebarStatus',
  isShowPolicyPanel: 'isShowPolicyPanel',
  isAgree: 'isAgree',
} as const;

export type StorageKeyName = (typeof StorageKey)[keyof typeof StorageKey];

/** Values a logout removes (SPEC §4): tokens, name, avatar and the policy flags. */
export const SESSION_KEYS: readonly StorageKeyName[] = [
  StorageKey.token,
  StorageKey.username,
  StorageKey.nickname,
  StorageKey.avatarUrl,
  StorageKey.nfcToken,
  StorageKey.digitalToken,
  StorageKey.isShowPolicyPanel,
  StorageKey.isAgree,
];

function store(): Storage | null {
  // Private modes and non-browser runs (unit tests) may have no storage.
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Reads a persisted value; null when absent. */
export function readValue(key: StorageKeyName): string | null {
  return store()?.getItem(key) ?? null;
}

/** Persists a value. */
export function writeValue(key: StorageKeyName, value: string): void {
  store()?.setItem(key, value);
}

/** Removes a persisted value. */
export function removeValue(key: StorageKeyName): void {
  store()?.removeItem(key);
}

/** The member token, or null when signed out. */
export function readToken(): string | null {
  return readValue(StorageKey.token) || null;
}

/** Removes every session value (SPEC §4 logout). */
export function clearSessionValues(): void {
  SESSION_KEYS.forEach(removeValue);
}
