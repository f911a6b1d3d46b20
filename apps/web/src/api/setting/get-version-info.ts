import { queryOptions, useQuery } from '@tanstack/react-query';
import { SettingApi } from '@vidmatrix/contract/api/setting-paths';
import type { VersionResult } from '@vidmatrix/contract/api/setting';
import { getDesktop } from '../../lib/desktop.ts';
import { get } from '../../lib/request.ts';
import { useUiStore } from '../../lib/ui-store.ts';
import { settingKeys } from './setting-keys.ts';

/** The version check's platform: web, or 1 Windows / 2 Mac inside the desktop shell. */
export function versionPlatform(os: string | undefined): 'web' | '1' | '2' {
  if (os === 'win32') {
    return '1';
  }
  if (os === 'darwin') {
    return '2';
  }
  return 'web';
}

/** True when a check result describes an update to install: versionCode and downloadUrl both present. */
export function isUpdate(result: VersionResult): boolean {
  return result.versionCode !== undefined && Boolean(result.downloadUrl);
}

/** GET /api/setting.SystemVersion/versionInfo; stores update data only for a real update (SPEC §4). */
export async function checkVersion(platform: string, versionCode: number, signal?: AbortSignal) {
  const result = await get<VersionResult>(
    SettingApi.versionInfo,
    { platform, version_code: versionCode },
    { signal, disableMessage: true },
  );
  if (isUpdate(result)) {
    useUiStore.getState().setUpdateData(result);
  }
  return result;
}

/** The version check of this client. */
export function getVersionInfoQueryOptions() {
  const desktop = getDesktop();
  const platform = versionPlatform(desktop?.os);
  const code = desktop?.versionCode ?? 0;
  return queryOptions({
    queryKey: settingKeys.version(platform, code),
    queryFn: ({ signal }) => checkVersion(platform, code, signal),
    staleTime: 30 * 60_000,
  });
}

/** Latest version info (name and notes shown in the footer status bar). */
export function useVersionInfo(enabled = true) {
  return useQuery({ ...getVersionInfoQueryOptions(), enabled });
}
