/** Query keys of clip tasks. */
export const clipKeys = {
  all: ['clip'] as const,
  tasks: (page: number, limit: number) => ['clip', 'tasks', page, limit] as const,
  task: (id: number) => ['clip', 'task', id] as const,
  fonts: () => ['clip', 'fonts'] as const,
  templates: () => ['clip', 'templates'] as const,
};
