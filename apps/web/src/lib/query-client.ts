import { QueryClient } from '@tanstack/react-query';

/** The one query cache of the app; the route guard and components share it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The request layer already told the user; retrying would toast again.
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
