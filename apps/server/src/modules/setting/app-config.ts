import { APP_CONFIG_CATE_ID } from '@vidmatrix/contract/constants';
import { parseMaxFileNum } from '@vidmatrix/contract/rules/upload';
import type { SettingRepository } from './setting.repository.ts';

/**
 * Files one add may register: the app config max_file_num, read from the shared setting repository by
 * uploads, materials and the upload settings alike (issue 26).
 */
export async function maxFileNum(settings: Pick<SettingRepository, 'configByCate'>): Promise<number> {
  const rows = await settings.configByCate(APP_CONFIG_CATE_ID);
  return parseMaxFileNum(rows.find((row) => row.label === 'max_file_num')?.value);
}
