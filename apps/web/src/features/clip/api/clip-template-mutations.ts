import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ClipTemplateApi,
  type ClipTemplateItem,
  type clipTemplateSaveBody,
} from '@vidmatrix/contract/api/clip-template';
import { post } from '../../../lib/request.ts';
import { getClipTemplatesQueryOptions } from './get-clip-templates.ts';

/** save: stores a template of the member (the server renders its preview). */
export function useSaveClipTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof clipTemplateSaveBody>) => post<ClipTemplateItem>(ClipTemplateApi.save, body),
    onSuccess: () => client.invalidateQueries({ queryKey: getClipTemplatesQueryOptions().queryKey }),
  });
}

/** dele: removes one of the member's templates. */
export function useDeleteClipTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post<unknown>(ClipTemplateApi.dele, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: getClipTemplatesQueryOptions().queryKey }),
  });
}
