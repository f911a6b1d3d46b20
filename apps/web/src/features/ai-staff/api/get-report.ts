import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AiStaffApi, type AiReport } from '@vidmatrix/contract/api/ai-staff';
import { post } from '../../../lib/request.ts';
import { aiStaffKeys } from './ai-staff-keys.ts';

/** console.AiData/report: the day's posts by platform and review state, and the week's trends ('' = today). */
export function getReport(day: string, signal?: AbortSignal): Promise<AiReport> {
  return post<AiReport>(AiStaffApi.report, day ? { day } : {}, { signal });
}

export function getReportQueryOptions(day: string) {
  return queryOptions({
    queryKey: aiStaffKeys.report(day),
    queryFn: ({ signal }) => getReport(day, signal),
    placeholderData: keepPreviousData,
  });
}

/** The daily report of `day` (`YYYY-MM-DD`, or '' for today). */
export function useReport(day: string) {
  return useQuery(getReportQueryOptions(day));
}
