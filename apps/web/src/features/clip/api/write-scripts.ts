import { useMutation } from '@tanstack/react-query';
import { ClipTaskApi, type ClipScriptDrafts, type TextContext } from '@vidmatrix/contract/api/clip-task';
import { post } from '../../../lib/request.ts';

/** writeScript (帮我写文案): N scripts from the product facts; the server's LLM writes them. */
export function useWriteScripts() {
  return useMutation({
    mutationFn: (body: { textContext: TextContext; count: number }) =>
      post<ClipScriptDrafts>(ClipTaskApi.writeScript, body),
  });
}
