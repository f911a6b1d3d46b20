/** Query keys of the setting feature. */
export const settingKeys = {
  all: ['setting'] as const,
  appConfig: () => [...settingKeys.all, 'app-config'] as const,
  version: (platform: string, versionCode: number) => [...settingKeys.all, 'version', platform, versionCode] as const,
};
