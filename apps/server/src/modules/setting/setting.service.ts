import type {
  ClientLinks,
  ConfigValue,
  SiteSetting,
  VersionResult,
  versionPlatform,
} from '@vidmatrix/contract/api/setting';
import type { z } from 'zod';
import type { Db } from '../../db/types.ts';
import { keyFromUrl, type StorageDriver } from '../../storage/storage.ts';
import { SettingRepository } from './setting.repository.ts';

/** Names of the site settings (SiteSetting fields and client links). */
export const SITE_SETTING_NAMES = [
  'system_name',
  'page_title',
  'logo_url',
  'copyright',
  'police_record',
  'icp',
  'telecom_licence',
  'mac_config_url',
  'windows_url',
] as const;
export type SiteSettingName = (typeof SITE_SETTING_NAMES)[number];

/** Public settings: site texts, app config, client links and the version check. */
export class SettingService {
  private readonly repo: SettingRepository;

  /** `storage`: where seeded release links point; the operator CLI, which only writes settings, has none. */
  constructor(private readonly deps: { db: Db; storage?: Pick<StorageDriver, 'size' | 'publicBaseUrl'> }) {
    this.repo = new SettingRepository(deps.db);
  }

  /**
   * The link when it can be downloaded: a link into this server's storage only once the file is
   * there (the seeded release paths exist before any release is published); others as they are.
   */
  private async offered(url: string): Promise<string> {
    const storage = this.deps.storage;
    const key = url && storage ? keyFromUrl(url, storage.publicBaseUrl) : null;
    if (!storage || key === null) {
      return url;
    }
    return (await storage.size(key).catch(() => null)) === null ? '' : url;
  }

  /** Site settings for headers and footers; a missing one is empty. */
  async siteSetting(): Promise<SiteSetting> {
    const values = await this.repo.siteSettings();
    const get = (name: SiteSettingName) => values.get(name) ?? '';
    return {
      system_name: get('system_name'),
      page_title: get('page_title'),
      logo_url: get('logo_url'),
      copyright: get('copyright'),
      police_record: get('police_record'),
      icp: get('icp'),
      telecom_licence: get('telecom_licence'),
    };
  }

  /** Sets one site setting (operator CLI). */
  async setSiteSetting(name: SiteSettingName, value: string): Promise<void> {
    await this.repo.upsertSiteSetting(name, value);
  }

  /** Config values of one category, as config_label → config_value pairs. */
  async configValues(cateId: number): Promise<ConfigValue[]> {
    const rows = await this.repo.configByCate(cateId);
    return rows.map((row) => ({ config_label: row.label, config_value: row.value }));
  }

  /** Download links of the desktop clients. */
  async clientLinks(): Promise<ClientLinks> {
    const values = await this.repo.siteSettings();
    return {
      mac_config_url: await this.offered(values.get('mac_config_url') ?? ''),
      windows_url: await this.offered(values.get('windows_url') ?? ''),
    };
  }

  /** Version check: versionCode and downloadUrl only when a newer version than `versionCode` exists. */
  async versionCheck(platform: z.output<typeof versionPlatform>, versionCode: number): Promise<VersionResult> {
    const latest = await this.repo.latestVersion(platform);
    if (!latest) {
      return { versionName: '', versionInfo: '' };
    }
    // A newer version whose file is not there yet is not offered as an update.
    if (latest.version_code > versionCode && (await this.offered(latest.download_url))) {
      return {
        versionCode: latest.version_code,
        versionName: latest.version_name,
        versionInfo: latest.version_info,
        downloadUrl: latest.download_url,
      };
    }
    return { versionName: latest.version_name, versionInfo: latest.version_info };
  }
}
