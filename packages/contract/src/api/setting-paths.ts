// Zod-free, so the pre-rendered public pages can name these calls without loading the schemas (their JS budget).

/** Site settings, app config and client versions. */
export const SettingApi = {
  setting: '/api/setting.Setting/setting',
  configValueCate: '/api/setting.Setting/getConfigValueCate',
  clientLinks: '/api/setting.SystemVersion/getNewVersionInfo',
  versionInfo: '/api/setting.SystemVersion/versionInfo',
} as const;
