/** Query keys of the runners (the 发布器 tab and the guidance where none can serve the member). */
export const runnerKeys = {
  all: ['runners'] as const,
};
