import { useMutation } from '@tanstack/react-query';
import { ClipTaskApi, type ClipScriptDrafts, type ClipWriteBody } from '@vidmatrix/contract/api/clip-task';
import { post } from '../../../lib/request.ts';

/** POST writeScript (帮我写文案). */
export function writeScript(body: ClipWriteBody): Promise<ClipScriptDrafts> {
  return post<ClipScriptDrafts>(ClipTaskApi.writeScript, body);
}

/** 帮我写文案: scripts from product facts (the server's language model; it explains when none is set). */
export function useWriteScript() {
  return useMutation({ mutationFn: writeScript });
}
