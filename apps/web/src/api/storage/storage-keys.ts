/** Query keys of the member's cloud storage. */
export const storageKeys = {
  all: ['storage'] as const,
  info: () => [...storageKeys.all, 'info'] as const,
};
