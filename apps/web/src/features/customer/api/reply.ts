import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CustomerApi, type ChatMessage, type ReplyBody } from '@vidmatrix/contract/api/customer';
import { post } from '../../../lib/request.ts';
import { customerKeys } from '../../../api/customer/customer-keys.ts';

/** POST /api/customer.DouyinCustomer/reply: stored and queued; delivery state starts pending. */
export function reply(body: ReplyBody): Promise<ChatMessage> {
  return post<ChatMessage>(CustomerApi.reply, body);
}

/** Reply mutation; refreshes the thread and the list. */
export function useReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
