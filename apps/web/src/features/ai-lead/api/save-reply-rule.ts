import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ReplyRuleApi,
  type ReplyRule,
  type ReplyRuleIdBody,
  type ReplyRuleSaveBody,
} from '@vidmatrix/contract/api/reply-rule';
import { post } from '../../../lib/request.ts';
import { getReplyRulesQueryOptions } from './get-reply-rules.ts';

/** customer.ReplyRule/save: a new rule (no rule_id) or a change. */
export function saveReplyRule(body: ReplyRuleSaveBody): Promise<ReplyRule> {
  return post<ReplyRule>(ReplyRuleApi.save, body);
}

/** customer.ReplyRule/delete. */
export function deleteReplyRule(body: ReplyRuleIdBody): Promise<unknown> {
  return post<unknown>(ReplyRuleApi.remove, body);
}

/** Save and delete mutations; both refresh the rule list. */
export function useReplyRuleMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: getReplyRulesQueryOptions().queryKey });
  return {
    save: useMutation({ mutationFn: saveReplyRule, onSuccess }),
    remove: useMutation({ mutationFn: deleteReplyRule, onSuccess }),
  };
}
