/** Query keys of the app config and the version check (read by the console's layout). */
export const settingKeys = {
  all: ['setting'] as const,
  appConfig: () => [...settingKeys.all, 'app-config'] as const,
  version: (platform: string, versionCode: number) => [...settingKeys.all, 'version', platform, versionCode] as const,
};
