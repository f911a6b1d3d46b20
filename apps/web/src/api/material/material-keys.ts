/** Query keys of the material library (the page and the picker share them). */
export const materialKeys = {
  all: ['material'] as const,
  lists: () => [...materialKeys.all, 'list'] as const,
  list: (params: Record<string, unknown>) => [...materialKeys.lists(), params] as const,
  groups: () => [...materialKeys.all, 'groups'] as const,
  tags: () => [...materialKeys.all, 'tags'] as const,
};
