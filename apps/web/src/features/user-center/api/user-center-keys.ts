/** Query keys of the user centre. */
export const userCenterKeys = {
  all: ['user-center'] as const,
  sessions: () => [...userCenterKeys.all, 'sessions'] as const,
};
