/** Query keys of comment and message harvesting; its mutations invalidate through these. */
export const harvestKeys = {
  all: ['harvest'] as const,
  accounts: () => [...harvestKeys.all, 'accounts'] as const,
};
