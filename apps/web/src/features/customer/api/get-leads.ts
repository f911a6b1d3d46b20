import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CustomerApi, type LeadListQuery, type LeadListResult } from '@vidmatrix/contract/api/customer';
import { get } from '../../../lib/request.ts';
import { customerKeys } from '../../../api/customer/customer-keys.ts';

/** GET /api/customer.Lead/list. */
export function getLeads(query: LeadListQuery, signal?: AbortSignal): Promise<LeadListResult> {
  return get<LeadListResult>(CustomerApi.leadList, { ...query }, { signal });
}

/** Leads as a query. */
export function getLeadsQueryOptions(query: LeadListQuery) {
  return queryOptions({
    queryKey: customerKeys.leads(query),
    queryFn: ({ signal }) => getLeads(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of leads. */
export function useLeads(query: LeadListQuery, enabled = true) {
  return useQuery({ ...getLeadsQueryOptions(query), enabled });
}
