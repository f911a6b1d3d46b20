import { z } from 'zod';
import { APP_CONFIG_CATE_ID } from '../constants.ts';
import { id, int, INT_MAX } from './common.ts';

export { SettingApi } from './setting-paths.ts';

/** GET /api/setting.Setting/setting: public site settings for headers and footers. */
export const siteSetting = z.object({
  system_name: z.string(),
  page_title: z.string(),
  logo_url: z.string(),
  copyright: z.string(),
  police_record: z.string(),
  icp: z.string(),
  telecom_licence: z.string(),
  /** An agent's logo for the header and sign-in page on the agent's own domain; empty on the house's. */
  brand_logo: z.string().optional(),
});
export type SiteSetting = z.infer<typeof siteSetting>;

/** POST /api/setting.Setting/getConfigValueCate body. */
export const configCateBody = z.object({
  config_cate_id: id().default(APP_CONFIG_CATE_ID),
});

/** One config value: the client reads config_label → config_value. */
export const configValue = z.object({ config_label: z.string(), config_value: z.string() });
export const configValues = z.array(configValue);
export type ConfigValue = z.infer<typeof configValue>;

/** App config of category 12 (SPEC §3), as the client keeps it. */
export interface AppConfig {
  appName: string;
  'merchant-ico': string;
  'admin-logo': string;
  max_file_num: string;
}

/** GET /api/setting.SystemVersion/getNewVersionInfo: client download links. */
export const clientLinks = z.object({ mac_config_url: z.string(), windows_url: z.string() });
export type ClientLinks = z.infer<typeof clientLinks>;

/** Where a version check comes from: the web client, or 1 Windows / 2 Mac in the desktop shell. */
export const versionPlatform = z.enum(['web', '1', '2']);

/** GET /api/setting.SystemVersion/versionInfo query. */
export const versionQuery = z.object({
  platform: versionPlatform.default('web'),
  version_code: int(0, INT_MAX).default(0),
});

/** Version check result (SPEC §3); versionCode and downloadUrl are present only when newer exists. */
export const versionResult = z.object({
  versionCode: z.number().int().optional(),
  versionName: z.string(),
  versionInfo: z.string(),
  downloadUrl: z.string().optional(),
});
export type VersionResult = z.infer<typeof versionResult>;
