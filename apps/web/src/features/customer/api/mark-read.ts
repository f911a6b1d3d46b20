import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CustomerApi } from '@vidmatrix/contract/api/customer';
import { post } from '../../../lib/request.ts';
import { customerKeys } from '../../../api/customer/customer-keys.ts';

/** POST /api/customer.DouyinCustomer/markRead. */
export function markRead(conversationId: number): Promise<unknown> {
  return post<unknown>(CustomerApi.markRead, { conversation_id: conversationId }, { disableMessage: true });
}

/** Mark-read mutation; refreshes the list (and so the navbar badge). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.privateList() }),
  });
}
