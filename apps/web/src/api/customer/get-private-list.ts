import { queryOptions, useQuery } from '@tanstack/react-query';
import { CustomerApi, type PrivateListItem, type PrivateListResult } from '@vidmatrix/contract/api/customer';
import { post } from '../../lib/request.ts';
import { customerKeys } from './customer-keys.ts';

/** POST /api/customer.DouyinCustomer/privateList: data.list. */
export async function getPrivateList(signal?: AbortSignal): Promise<PrivateListItem[]> {
  return (await post<PrivateListResult>(CustomerApi.privateList, undefined, { signal })).list;
}

/** The message list as a query (the socket's send_msg invalidates it). */
export function getPrivateListQueryOptions() {
  return queryOptions({ queryKey: customerKeys.privateList(), queryFn: ({ signal }) => getPrivateList(signal) });
}

/** The message list. */
export function usePrivateList(enabled = true) {
  return useQuery({ ...getPrivateListQueryOptions(), enabled });
}

/** Unread messages: the sum of read_num over the message list (the navbar badge). */
export function useUnreadCount(enabled = true): number {
  const { data } = usePrivateList(enabled);
  return (data ?? []).reduce((sum, item) => sum + item.read_num, 0);
}
