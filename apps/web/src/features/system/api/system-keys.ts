/** Query keys of the system pages (/debugger, /chromiumPath). */
export const systemKeys = {
  all: ['system'] as const,
  health: () => [...systemKeys.all, 'health'] as const,
};
