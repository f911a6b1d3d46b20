import { queryOptions, useQuery } from '@tanstack/react-query';
import { HEALTH_PATH, type HealthResult } from '@vidmatrix/contract/api/health';
import { get } from '../../../lib/request.ts';
import { systemKeys } from './system-keys.ts';

/** GET /healthz: the database answers; what the server found for video work. */
export function getHealth(signal?: AbortSignal): Promise<HealthResult> {
  return get<HealthResult>(HEALTH_PATH, undefined, { signal });
}

/** The server's health as a query. */
export function healthQueryOptions() {
  return queryOptions({ queryKey: systemKeys.health(), queryFn: ({ signal }) => getHealth(signal) });
}

/** The server's health (the /debugger page). */
export function useHealth() {
  return useQuery(healthQueryOptions());
}
