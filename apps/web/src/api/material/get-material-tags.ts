import { queryOptions, useQuery } from '@tanstack/react-query';
import { MaterialApi, type MaterialTag } from '@vidmatrix/contract/api/material';
import { GROUP_TAG_LIST_LIMIT } from '@vidmatrix/contract/constants';
import { post } from '../../lib/request.ts';
import { materialKeys } from './material-keys.ts';

/** POST file.Tag/list?limit=1000: every material tag of the member. */
export function getMaterialTags(signal?: AbortSignal): Promise<MaterialTag[]> {
  return post<MaterialTag[]>(MaterialApi.tagList, undefined, { params: { limit: GROUP_TAG_LIST_LIMIT }, signal });
}

/** Material tags as a query. */
export function getMaterialTagsQueryOptions() {
  return queryOptions({ queryKey: materialKeys.tags(), queryFn: ({ signal }) => getMaterialTags(signal) });
}

/** The member's material tags. */
export function useMaterialTags() {
  return useQuery(getMaterialTagsQueryOptions());
}
