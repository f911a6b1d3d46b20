import { queryOptions, useQuery } from '@tanstack/react-query';
import { DataScreenApi, type DataScreenOverview } from '@vidmatrix/contract/api/data-screen';
import { get } from '../../../lib/request.ts';

/** Query keys of the data screen. */
export const dataScreenKeys = {
  all: ['data-screen'] as const,
  overview: () => [...dataScreenKeys.all, 'overview'] as const,
};

/** GET /api/console.DataScreen/overview. */
export function getOverview(signal?: AbortSignal): Promise<DataScreenOverview> {
  return get<DataScreenOverview>(DataScreenApi.overview, undefined, { signal });
}

/** The data screen's figures as a query; websocket frames invalidate it. */
export function getOverviewQueryOptions() {
  return queryOptions({ queryKey: dataScreenKeys.overview(), queryFn: ({ signal }) => getOverview(signal) });
}

/** The member's matrix figures. */
export function useOverview() {
  return useQuery(getOverviewQueryOptions());
}
