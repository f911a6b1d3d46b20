import type { ClientLinks, VersionResult, versionPlatform } from '@vidmatrix/contract/api/setting';
import type { z } from 'zod';
import { keyFromUrl, type StorageDriver } from '../../storage/storage.ts';
import type { SettingRepository } from './setting.repository.ts';

/**
 * The desktop clients' links and latest versions, read from the shared setting repository. Functions,
 * not a service, so the setting routes and the content pages (/download) answer the same way without
 * one service calling another (issue 26).
 */
export interface ReleaseLinkDeps {
  settingRepository: Pick<SettingRepository, 'siteSettings' | 'latestVersion'>;
  /** Where seeded release links point; the operator CLI, which only writes settings, has none. */
  storage?: Pick<StorageDriver, 'size' | 'publicBaseUrl'>;
}

/**
 * The link when it can be downloaded: a link into this server's storage only once the file is
 * there (the seeded release paths exist before any release is published); others as they are.
 */
async function offered(deps: ReleaseLinkDeps, url: string): Promise<string> {
  const storage = deps.storage;
  const key = url && storage ? keyFromUrl(url, storage.publicBaseUrl) : null;
  if (!storage || key === null) {
    return url;
  }
  return (await storage.size(key).catch(() => null)) === null ? '' : url;
}

/** Download links of the desktop clients. */
export async function clientLinks(deps: ReleaseLinkDeps): Promise<ClientLinks> {
  const values = await deps.settingRepository.siteSettings();
  return {
    mac_config_url: await offered(deps, values.get('mac_config_url') ?? ''),
    windows_url: await offered(deps, values.get('windows_url') ?? ''),
  };
}

/** Version check: versionCode and downloadUrl only when a newer version than `versionCode` exists. */
export async function versionCheck(
  deps: ReleaseLinkDeps,
  platform: z.output<typeof versionPlatform>,
  versionCode: number,
): Promise<VersionResult> {
  const latest = await deps.settingRepository.latestVersion(platform);
  if (!latest) {
    return { versionName: '', versionInfo: '' };
  }
  // A newer version whose file is not there yet is not offered as an update.
  if (latest.version_code > versionCode && (await offered(deps, latest.download_url))) {
    return {
      versionCode: latest.version_code,
      versionName: latest.version_name,
      versionInfo: latest.version_info,
      downloadUrl: latest.download_url,
    };
  }
  return { versionName: latest.version_name, versionInfo: latest.version_info };
}
