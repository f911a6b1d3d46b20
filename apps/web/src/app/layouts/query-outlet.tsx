import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client.ts';

/**
 * A pathless layout route giving its pages TanStack Query. The root has no QueryClientProvider, so the
 * public site's pages (/home, /agentCenter and the content pages) paint without the query runtime; every
 * other page sits under one of these.
 */
export function QueryOutlet() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
