/** Query keys of the AI数据员工's report and the AI运营员工's to-do list. */
export const aiStaffKeys = {
  all: ['ai-staff'] as const,
  report: (day: string) => [...aiStaffKeys.all, 'report', day] as const,
  todos: () => [...aiStaffKeys.all, 'todos'] as const,
};
