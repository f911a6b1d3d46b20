import { queryOptions, useQuery } from '@tanstack/react-query';
import { FileSettingApi, type StorageInfo } from '@vidmatrix/contract/api/file-setting';
import { STORAGE_INFO_REFRESH_MS } from '@vidmatrix/contract/constants';
import { get } from '../../lib/request.ts';
import { storageKeys } from './storage-keys.ts';

/** GET /api/file.Setting/info: upload endpoint and space of the member. */
export function getStorageInfo(signal?: AbortSignal): Promise<StorageInfo> {
  return get<StorageInfo>(FileSettingApi.info, undefined, { signal });
}

/** Storage info, refreshed every STORAGE_INFO_REFRESH_MS (SPEC §7); the one key for the console and uploads. */
export function getStorageInfoQueryOptions() {
  return queryOptions({
    queryKey: storageKeys.info(),
    queryFn: ({ signal }) => getStorageInfo(signal),
    staleTime: STORAGE_INFO_REFRESH_MS,
    refetchInterval: STORAGE_INFO_REFRESH_MS,
  });
}

/** Keeps storage info fresh while mounted. */
export function useStorageInfo(enabled = true) {
  return useQuery({ ...getStorageInfoQueryOptions(), enabled });
}
