import { queryOptions, useQuery } from '@tanstack/react-query';
import { CustomerApi, type ThreadResult } from '@vidmatrix/contract/api/customer';
import { post } from '../../../lib/request.ts';
import { customerKeys } from '../../../api/customer/customer-keys.ts';

/** How often a thread with a pending reply is re-read, ms (delivery state changes server-side). */
const PENDING_POLL_MS = 1000;

/** POST /api/customer.DouyinCustomer/thread. */
export function getThread(conversationId: number, signal?: AbortSignal): Promise<ThreadResult> {
  return post<ThreadResult>(CustomerApi.thread, { conversation_id: conversationId }, { signal });
}

/** A conversation's messages; polled while a reply is still pending. */
export function getThreadQueryOptions(conversationId: number) {
  return queryOptions({
    queryKey: customerKeys.thread(conversationId),
    queryFn: ({ signal }) => getThread(conversationId, signal),
    refetchInterval: (query) =>
      query.state.data?.list.some((m) => m.delivery_status === 'pending') ? PENDING_POLL_MS : false,
  });
}

/** The thread of the selected conversation (none selected: idle). */
export function useThread(conversationId: number | null) {
  return useQuery({ ...getThreadQueryOptions(conversationId ?? 0), enabled: conversationId !== null });
}
