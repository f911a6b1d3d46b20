import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MaterialApi, type Material, type UploadedFile } from '@vidmatrix/contract/api/material';
import { materialKeys } from '../../../api/material/material-keys.ts';
import { getLevelInfoQueryOptions } from '../../../api/member/get-level-info.ts';
import { getStorageInfoQueryOptions } from '../../../api/storage/get-storage-info.ts';
import { post } from '../../../lib/request.ts';

/** Refreshes materials, groups, tags and the member's space (level info and storage info change with every add and delete). */
export function invalidateMaterials(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: materialKeys.all }),
    client.invalidateQueries({ queryKey: getLevelInfoQueryOptions().queryKey }),
    client.invalidateQueries({ queryKey: getStorageInfoQueryOptions().queryKey }),
  ]);
}

/** A mutation refreshing materials, groups, tags and the member's space. */
function useMaterialMutation<TVars, TResult = unknown>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateMaterials(client) });
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
