import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserCenterApi, type AiServiceBody } from '@vidmatrix/contract/api/user-center';
import { getMemberInfoQueryOptions } from '../../../api/member/get-member-info.ts';
import { post } from '../../../lib/request.ts';

/** POST /api/member.Member/updateAiService: the member's own AI customer-service window. */
export function updateAiService(body: AiServiceBody): Promise<unknown> {
  return post<unknown>(UserCenterApi.updateAiService, body);
}

/** Saves the AI customer-service setting; member info (is_ai: the floating window) reloads. */
export function useUpdateAiService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAiService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMemberInfoQueryOptions().queryKey }),
  });
}
