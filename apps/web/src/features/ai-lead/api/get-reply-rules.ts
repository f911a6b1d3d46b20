import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReplyRuleApi, type ReplyRuleListResult } from '@vidmatrix/contract/api/reply-rule';
import { post } from '../../../lib/request.ts';
import { aiLeadKeys } from './ai-lead-keys.ts';

/** customer.ReplyRule/list: the member's reply rules, in the order tried. */
export function getReplyRules(signal?: AbortSignal): Promise<ReplyRuleListResult> {
  return post<ReplyRuleListResult>(ReplyRuleApi.list, {}, { signal });
}

export function getReplyRulesQueryOptions() {
  return queryOptions({ queryKey: aiLeadKeys.rules(), queryFn: ({ signal }) => getReplyRules(signal) });
}

export function useReplyRules() {
  return useQuery(getReplyRulesQueryOptions());
}
