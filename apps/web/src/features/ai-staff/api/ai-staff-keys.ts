/** Query keys of the AI数据员工's report, the AI运营员工's to-do list and the AI发布员工's overview. */
export const aiStaffKeys = {
  all: ['ai-staff'] as const,
  report: (day: string) => [...aiStaffKeys.all, 'report', day] as const,
  todos: () => [...aiStaffKeys.all, 'todos'] as const,
  publish: () => [...aiStaffKeys.all, 'publish'] as const,
};
