import { queryOptions, useQuery } from '@tanstack/react-query';
import { SettingApi } from '@vidmatrix/contract/api/setting-paths';
import type { AppConfig, ConfigValue } from '@vidmatrix/contract/api/setting';
import { APP_CONFIG_CATE_ID } from '@vidmatrix/contract/constants';
import { post } from '../../lib/request.ts';
import { settingKeys } from './setting-keys.ts';

const EMPTY_CONFIG: AppConfig = { appName: '', 'merchant-ico': '', 'admin-logo': '', max_file_num: '' };

/** Folds config_label → config_value pairs into the app config the client keeps (SPEC §3). */
export function toAppConfig(values: readonly ConfigValue[]): AppConfig {
  const config = { ...EMPTY_CONFIG };
  for (const { config_label, config_value } of values) {
    if (config_label in config) {
      config[config_label as keyof AppConfig] = config_value;
    }
  }
  return config;
}

/** POST /api/setting.Setting/getConfigValueCate with config_cate_id 12. */
export async function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  const values = await post<ConfigValue[] | null>(
    SettingApi.configValueCate,
    { config_cate_id: APP_CONFIG_CATE_ID },
    { signal, disableMessage: true },
  );
  return toAppConfig(values ?? []);
}

/** App config as a query. */
export function getAppConfigQueryOptions() {
  return queryOptions({
    queryKey: settingKeys.appConfig(),
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: Infinity,
  });
}

/** App name, logos and the file limit. */
export function useAppConfig(enabled = true) {
  return useQuery({ ...getAppConfigQueryOptions(), enabled });
}
