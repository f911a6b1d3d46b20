import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MaterialApi,
  type Material,
  type MaterialGroup,
  type MaterialList,
  type MaterialSearchState,
  type MaterialTag,
  type UploadedFile,
} from '@vidmatrix/contract/api/material';
import { GROUP_TAG_LIST_LIMIT } from '@vidmatrix/contract/constants';
import { post } from '../../lib/request.ts';

/** Query keys of the material library. */
export const materialKeys = {
  all: ['material'] as const,
  lists: () => [...materialKeys.all, 'list'] as const,
  list: (params: Record<string, unknown>) => [...materialKeys.lists(), params] as const,
  groups: () => [...materialKeys.all, 'groups'] as const,
  tags: () => [...materialKeys.all, 'tags'] as const,
};

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

/** POST file.File/list (query parameters, SPEC §7). */
export function materialListQueryOptions(state: MaterialSearchState, picker = false) {
  const params = materialParams(state, picker);
  return queryOptions({
    queryKey: materialKeys.list(params),
    queryFn: ({ signal }) => post<MaterialList>(MaterialApi.list, undefined, { params, signal }),
    placeholderData: keepPreviousData,
    // Cards wait for their thumbnail job: poll while any is pending.
    refetchInterval: (query) => (query.state.data?.list.some((m) => m.process_status === 'pending') ? 2000 : false),
  });
}

/** The materials of a search state. */
export function useMaterials(state: MaterialSearchState, picker = false) {
  return useQuery(materialListQueryOptions(state, picker));
}

/** Groups (`?limit=1000`). */
export function useMaterialGroups() {
  return useQuery({
    queryKey: materialKeys.groups(),
    queryFn: ({ signal }) =>
      post<MaterialGroup[]>(MaterialApi.groupList, undefined, { params: { limit: GROUP_TAG_LIST_LIMIT }, signal }),
  });
}

/** Tags (`?limit=1000`). */
export function useMaterialTags() {
  return useQuery({
    queryKey: materialKeys.tags(),
    queryFn: ({ signal }) =>
      post<MaterialTag[]>(MaterialApi.tagList, undefined, { params: { limit: GROUP_TAG_LIST_LIMIT }, signal }),
  });
}

/** A mutation refreshing materials, groups, tags and the member's space. */
function useMaterialMutation<TVars, TResult = unknown>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: materialKeys.all }),
        // Space used changes with every add and delete: level info and storage info (their key roots).
        client.invalidateQueries({ queryKey: ['member', 'level'] }),
        client.invalidateQueries({ queryKey: ['storage'] }),
      ]);
    },
  });
}

/** file.File/add type url: registers finished uploads. */
export function useAddMaterials() {
  return useMaterialMutation(
    (body: {
      file_url: string[];
      file_name: string[];
      file_type: Material['file_type'];
      tag_ids: number[];
      group_id: number | '';
      remark: string;
    }) =>
      post<UploadedFile[]>(MaterialApi.add, {
        type: 'url',
        file_url: body.file_url.join(','),
        file_name: body.file_name.join(','),
        file_type: body.file_type,
        tag_ids: body.tag_ids.join(','),
        group_id: body.group_id,
        remark: body.remark,
      }),
  );
}

export function useEditMaterial() {
  return useMaterialMutation(
    (body: { file_id: number; file_name: string; remark: string; tag_ids: number[]; group_id: number | '' }) =>
      post(MaterialApi.edit, { ...body, tag_ids: body.tag_ids.join(','), group_id: body.group_id }),
  );
}

export function useDeleteMaterials() {
  return useMaterialMutation((ids: number[]) => post(MaterialApi.dele, { ids: ids.join(',') }));
}

export function useEditMaterialTags() {
  return useMaterialMutation((vars: { ids: number[]; tag_ids: number[] }) =>
    post(MaterialApi.editTag, { ids: vars.ids.join(','), tag_ids: vars.tag_ids.join(',') }),
  );
}

export function useEditMaterialGroup() {
  return useMaterialMutation((vars: { ids: number[]; group_id: number | '' }) =>
    post(MaterialApi.editGroup, { ids: vars.ids.join(','), group_id: vars.group_id }),
  );
}

export function useSaveGroup() {
  return useMaterialMutation((vars: { group_id?: number; group_name: string; group_desc: string }) =>
    post(vars.group_id ? MaterialApi.groupEdit : MaterialApi.groupAdd, vars),
  );
}

export function useDeleteGroup() {
  return useMaterialMutation((group_id: number) => post(MaterialApi.groupDele, { group_id }));
}

export function useSaveTag() {
  return useMaterialMutation((vars: { tag_id?: number; tag_name: string; tag_desc: string }) =>
    post(vars.tag_id ? MaterialApi.tagEdit : MaterialApi.tagAdd, vars),
  );
}

export function useDeleteTag() {
  return useMaterialMutation((tag_id: number) => post(MaterialApi.tagDele, { tag_id }));
}

/** deleAliyunFile: gives back uploads of a cancelled add. */
export function deleteUploadedObjects(paths: string[]): Promise<unknown> {
  return post(MaterialApi.deleteObjects, { file_paths: paths.join(',') }, { disableMessage: true });
}
