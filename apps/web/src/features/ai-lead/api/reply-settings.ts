import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReplyRuleApi, type ReplySettings, type ReplySettingsBody } from '@vidmatrix/contract/api/reply-rule';
import { post } from '../../../lib/request.ts';
import { aiLeadKeys } from './ai-lead-keys.ts';

/** customer.ReplyRule/settings: business description, product facts, hourly cap. */
export function getReplySettings(signal?: AbortSignal): Promise<ReplySettings> {
  return post<ReplySettings>(ReplyRuleApi.settings, {}, { signal });
}

export function getReplySettingsQueryOptions() {
  return queryOptions({ queryKey: aiLeadKeys.settings(), queryFn: ({ signal }) => getReplySettings(signal) });
}

export function useReplySettings() {
  return useQuery(getReplySettingsQueryOptions());
}

/** customer.ReplyRule/saveSettings. */
export function saveReplySettings(body: ReplySettingsBody): Promise<ReplySettings> {
  return post<ReplySettings>(ReplyRuleApi.saveSettings, body);
}

export function useSaveReplySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReplySettings,
    onSuccess: (data) => queryClient.setQueryData(getReplySettingsQueryOptions().queryKey, data),
  });
}
