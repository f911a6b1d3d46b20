import { queryOptions, useQuery } from '@tanstack/react-query';
import { AgentApi, type AgentCenter } from '@vidmatrix/contract/api/agent';
import { get } from '../../../lib/request.ts';
import { agentKeys } from './agent-keys.ts';

/** GET /api/agent.Agent/center. */
export function getAgentCenter(signal?: AbortSignal): Promise<AgentCenter> {
  return get<AgentCenter>(AgentApi.center, undefined, { signal });
}

/** The member's application, brand and members as a query. */
export function getAgentCenterQueryOptions() {
  return queryOptions({ queryKey: agentKeys.center(), queryFn: ({ signal }) => getAgentCenter(signal) });
}

/** The member's application, brand and members. */
export function useAgentCenter() {
  return useQuery(getAgentCenterQueryOptions());
}
