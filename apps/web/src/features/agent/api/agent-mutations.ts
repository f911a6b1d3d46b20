import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AgentApi,
  type AgentApplication,
  type AgentApplyBody,
  type AgentBrandBody,
  type AgentLogoBody,
} from '@vidmatrix/contract/api/agent';
import { getMemberInfoQueryOptions } from '../../../api/member/get-member-info.ts';
import { post } from '../../../lib/request.ts';
import { getAgentCenterQueryOptions } from './get-agent-center.ts';

/** POST /api/agent.Agent/apply. */
export function applyAgent(body: AgentApplyBody): Promise<AgentApplication> {
  return post<AgentApplication>(AgentApi.apply, body);
}

/** POST /api/agent.Agent/updateBrand. */
export function updateAgentBrand(body: AgentBrandBody): Promise<unknown> {
  return post<unknown>(AgentApi.updateBrand, body);
}

/** POST /api/agent.Agent/uploadLogo. */
export function uploadAgentLogo(body: AgentLogoBody): Promise<{ url: string }> {
  return post<{ url: string }>(AgentApi.uploadLogo, body);
}

function useCenterMutation<B, R>(mutationFn: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getAgentCenterQueryOptions().queryKey });
      // The member's agent branding (sidebar logo) comes with member info.
      await queryClient.invalidateQueries({ queryKey: getMemberInfoQueryOptions().queryKey });
    },
  });
}

/** Files an application. */
export function useApplyAgent() {
  return useCenterMutation(applyAgent);
}

/** Saves the agent's brand. */
export function useUpdateAgentBrand() {
  return useCenterMutation(updateAgentBrand);
}

/** Uploads one logo. */
export function useUploadAgentLogo() {
  return useCenterMutation(uploadAgentLogo);
}
