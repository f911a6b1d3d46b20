import { queryOptions, useQuery } from '@tanstack/react-query';
import { MaterialApi, type MaterialGroup } from '@vidmatrix/contract/api/material';
import { GROUP_TAG_LIST_LIMIT } from '@vidmatrix/contract/constants';
import { post } from '../../lib/request.ts';
import { materialKeys } from './material-keys.ts';

/** POST file.Group/list?limit=1000: every material group of the member. */
export function getMaterialGroups(signal?: AbortSignal): Promise<MaterialGroup[]> {
  return post<MaterialGroup[]>(MaterialApi.groupList, undefined, { params: { limit: GROUP_TAG_LIST_LIMIT }, signal });
}

/** Material groups as a query. */
export function getMaterialGroupsQueryOptions() {
  return queryOptions({ queryKey: materialKeys.groups(), queryFn: ({ signal }) => getMaterialGroups(signal) });
}

/** The member's material groups. */
export function useMaterialGroups() {
  return useQuery(getMaterialGroupsQueryOptions());
}
