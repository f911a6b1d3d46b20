import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReplyRuleApi, type AiLeadOverview } from '@vidmatrix/contract/api/reply-rule';
import { post } from '../../../lib/request.ts';
import { aiLeadKeys } from './ai-lead-keys.ts';

/** customer.AiLead/overview: per account, what the AI获客员工 read, found and answered. */
export function getOverview(signal?: AbortSignal): Promise<AiLeadOverview> {
  return post<AiLeadOverview>(ReplyRuleApi.overview, {}, { signal });
}

export function getOverviewQueryOptions() {
  return queryOptions({ queryKey: aiLeadKeys.overview(), queryFn: ({ signal }) => getOverview(signal) });
}

export function useOverview() {
  return useQuery(getOverviewQueryOptions());
}
