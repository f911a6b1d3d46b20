/** Query keys of the agent centre. */
export const agentKeys = {
  all: ['agent'] as const,
  center: () => [...agentKeys.all, 'center'] as const,
};
