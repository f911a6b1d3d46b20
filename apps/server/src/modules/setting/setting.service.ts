import type {
  ClientLinks,
  ConfigValue,
  SiteSetting,
  VersionResult,
  versionPlatform,
} from '@vidmatrix/contract/api/setting';
import type { z } from 'zod';
import { clientLinks, versionCheck, type ReleaseLinkDeps } from './release-links.ts';
import type { SettingRepository } from './setting.repository.ts';

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

type SettingStore = Pick<SettingRepository, 'configByCate' | 'latestVersion' | 'siteSettings' | 'upsertSiteSetting'>;

/** Public settings: site texts, app config, client links and the version check. */
export class SettingService {
  private readonly repo: SettingStore;

  /** `storage`: where seeded release links point; the operator CLI, which only writes settings, has none. */
  constructor(private readonly deps: ReleaseLinkDeps & { settingRepository: SettingStore }) {
    this.repo = deps.settingRepository;
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
  clientLinks(): Promise<ClientLinks> {
    return clientLinks(this.deps);
  }

  /** Version check: versionCode and downloadUrl only when a newer version than `versionCode` exists. */
  versionCheck(platform: z.output<typeof versionPlatform>, versionCode: number): Promise<VersionResult> {
    return versionCheck(this.deps, platform, versionCode);
  }
}
