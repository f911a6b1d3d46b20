// Zod-free, so the pre-rendered public pages can name these calls without loading the schemas (their JS budget).

/** SettingApi's calls that only read: a client may send them again after a gateway failure (read-calls.ts). */
export const SettingReads = {
  setting: '/api/setting.Setting/setting',
  configValueCate: '/api/setting.Setting/getConfigValueCate',
  clientLinks: '/api/setting.SystemVersion/getNewVersionInfo',
  versionInfo: '/api/setting.SystemVersion/versionInfo',
} as const;

/** Site settings, app config and client versions. */
export const SettingApi = {
  ...SettingReads,
} as const;
