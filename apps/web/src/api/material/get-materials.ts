import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MaterialApi, type MaterialList, type MaterialSearchState } from '@vidmatrix/contract/api/material';
import { MATERIAL_DEFAULT_PAGE_SIZE } from '@vidmatrix/contract/constants';
import { post } from '../../lib/request.ts';
import { materialKeys } from './material-keys.ts';
import { useMaterialProcessed } from './use-material-processed.ts';

/** How often a page with pending materials refetches when no frame has come (frames are the live path). */
const PENDING_FALLBACK_POLL_MS = 10_000;

/** A fresh search state (SPEC §3), page size 16. */
export function initialSearchState(): MaterialSearchState {
  return {
    page: 1,
    limit: MATERIAL_DEFAULT_PAGE_SIZE,
    group_id: '',
    file_type: '',
    tag_ids: [],
    search_field: 'file_name',
    search_exp: 'like',
    source_type: '',
    search_value: '',
  };
}

/** The list call's query parameters for a search state (picker mode defaults to image,video). */
export function materialParams(state: MaterialSearchState, picker = false) {
  return {
    page: state.page,
    limit: state.limit,
    group_id: state.group_id === '' ? undefined : state.group_id,
    file_type: state.file_type || (picker ? 'image,video' : undefined),
    tag_ids: state.tag_ids.length ? state.tag_ids.join(',') : undefined,
    search_field: state.search_value ? state.search_field : undefined,
    search_exp: state.search_value ? state.search_exp : undefined,
    search_value: state.search_value || undefined,
    source_type: state.source_type === '' ? undefined : state.source_type,
  };
}

/** The export's query parameters: the same filters as the list on screen, without the page. */
export function materialExportParams(state: MaterialSearchState) {
  const { page: _page, limit: _limit, ...filters } = materialParams(state);
  return filters;
}

/** POST file.File/list (query parameters, SPEC §7). */
export function getMaterials(params: ReturnType<typeof materialParams>, signal?: AbortSignal): Promise<MaterialList> {
  return post<MaterialList>(MaterialApi.list, undefined, { params, signal });
}

/** The materials of a search state as a query. */
export function getMaterialsQueryOptions(state: MaterialSearchState, picker = false) {
  const params = materialParams(state, picker);
  return queryOptions({
    queryKey: materialKeys.list(params),
    queryFn: ({ signal }) => getMaterials(params, signal),
    placeholderData: keepPreviousData,
    // Cards wait for their media job, whose frame patches them (useMaterialProcessed): this slow poll
    // while any is pending only covers a frame lost on a link that did not come back.
    refetchInterval: (query) =>
      query.state.data?.list.some((m) => m.process_status === 'pending') ? PENDING_FALLBACK_POLL_MS : false,
  });
}

/** The materials of a search state, their posters and durations arriving live. */
export function useMaterials(state: MaterialSearchState, picker = false) {
  useMaterialProcessed();
  return useQuery(getMaterialsQueryOptions(state, picker));
}
