import { queryOptions, useQuery } from '@tanstack/react-query';
import { AiStaffApi, type TodoList } from '@vidmatrix/contract/api/ai-staff';
import { post } from '../../../lib/request.ts';
import { aiStaffKeys } from './ai-staff-keys.ts';

/** console.AiOperate/todos: the work waiting for the member, built from its rows. */
export function getTodos(signal?: AbortSignal): Promise<TodoList> {
  return post<TodoList>(AiStaffApi.todos, {}, { signal });
}

export function getTodosQueryOptions() {
  return queryOptions({ queryKey: aiStaffKeys.todos(), queryFn: ({ signal }) => getTodos(signal) });
}

/** The to-do list; it is read again when the member comes back to the tab (work done elsewhere drops off). */
export function useTodos() {
  return useQuery({ ...getTodosQueryOptions(), refetchOnWindowFocus: 'always' });
}
