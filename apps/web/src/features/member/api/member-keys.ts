/** Query keys of the member feature. */
export const memberKeys = {
  all: ['member'] as const,
  info: () => [...memberKeys.all, 'info'] as const,
  menus: () => [...memberKeys.all, 'menus'] as const,
  level: () => [...memberKeys.all, 'level'] as const,
};
