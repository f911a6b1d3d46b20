/** Query keys of the AI获客员工 page (overview, reply rules, reply settings). */
export const aiLeadKeys = {
  all: ['ai-lead'] as const,
  overview: () => [...aiLeadKeys.all, 'overview'] as const,
  rules: () => [...aiLeadKeys.all, 'rules'] as const,
  settings: () => [...aiLeadKeys.all, 'settings'] as const,
};
