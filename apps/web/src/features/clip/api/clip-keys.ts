/** Query keys of clip tasks. */
export const clipKeys = {
  all: ['clip'] as const,
  tasks: (page: number, limit: number) => ['clip', 'tasks', page, limit] as const,
  task: (id: number) => ['clip', 'task', id] as const,
  /** Every cached task with its videos (the prefix of `task`). */
  tasksWithVideos: () => ['clip', 'task'] as const,
  fonts: () => ['clip', 'fonts'] as const,
  voice: () => ['clip', 'voice'] as const,
  voices: () => ['clip', 'voices'] as const,
  templates: () => ['clip', 'templates'] as const,
  looks: () => ['clip', 'looks'] as const,
};
