import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CustomerApi, type LeadUpdateBody } from '@vidmatrix/contract/api/customer';
import { post } from '../../../lib/request.ts';
import { customerKeys } from '../../../api/customer/customer-keys.ts';

/** POST /api/customer.Lead/update. */
export function updateLead(body: LeadUpdateBody): Promise<unknown> {
  return post<unknown>(CustomerApi.leadUpdate, body);
}

/** Lead status mutation; refreshes every lead list. */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.leadLists() }),
  });
}
