/** Query keys of the signed-in member: user info, menus, level and usage. */
export const memberKeys = {
  all: ['member'] as const,
  info: () => [...memberKeys.all, 'info'] as const,
  menus: () => [...memberKeys.all, 'menus'] as const,
  level: () => [...memberKeys.all, 'level'] as const,
};
