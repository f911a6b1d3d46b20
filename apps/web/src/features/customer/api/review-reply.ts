import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReplyRuleApi, type ApproveReplyBody, type DiscardReplyBody } from '@vidmatrix/contract/api/reply-rule';
import { post } from '../../../lib/request.ts';
import { customerKeys } from '../../../api/customer/customer-keys.ts';

/** approveReply: a drafted reply goes out (with the member's edit when content is given). */
export function approveReply(body: ApproveReplyBody): Promise<unknown> {
  return post<unknown>(ReplyRuleApi.approve, body);
}

/** discardReply: a drafted reply is dropped. */
export function discardReply(body: DiscardReplyBody): Promise<unknown> {
  return post<unknown>(ReplyRuleApi.discard, body);
}

/** Approve and discard mutations; both refresh the thread and the list. */
export function useReviewReply() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: customerKeys.all });
  return {
    approve: useMutation({ mutationFn: approveReply, onSuccess }),
    discard: useMutation({ mutationFn: discardReply, onSuccess }),
  };
}
