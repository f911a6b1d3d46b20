import { queryOptions, useQuery } from '@tanstack/react-query';
import { AiStaffApi, type AiPublishOverview } from '@vidmatrix/contract/api/ai-staff';
import { post } from '../../../lib/request.ts';
import { aiStaffKeys } from './ai-staff-keys.ts';

/** console.AiPublish/overview: the member's publish jobs by group, next posts, blocked accounts, runners. */
export function getPublishOverview(signal?: AbortSignal): Promise<AiPublishOverview> {
  return post<AiPublishOverview>(AiStaffApi.publish, {}, { signal });
}

export function getPublishOverviewQueryOptions() {
  return queryOptions({ queryKey: aiStaffKeys.publish(), queryFn: ({ signal }) => getPublishOverview(signal) });
}

/** The AI发布员工's overview; read again when the member comes back to the tab (posts move meanwhile). */
export function usePublishOverview() {
  return useQuery({ ...getPublishOverviewQueryOptions(), refetchOnWindowFocus: 'always' });
}
