import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountApi, type PlatformList } from '@vidmatrix/contract/api/enterprise-account';
import { post } from '../../lib/request.ts';
import { accountKeys } from './account-keys.ts';

/** POST setting.Platform/list?remarks=&page=1&limit=0: every platform. */
export function getPlatforms(signal?: AbortSignal): Promise<PlatformList> {
  return post<PlatformList>(AccountApi.platformList, undefined, { params: { remarks: '', page: 1, limit: 0 }, signal });
}

/** Platforms as a query; they change rarely. */
export function getPlatformsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.platforms(),
    queryFn: ({ signal }) => getPlatforms(signal),
    staleTime: 10 * 60_000,
  });
}

/** Every platform. */
export function usePlatforms() {
  return useQuery(getPlatformsQueryOptions());
}
