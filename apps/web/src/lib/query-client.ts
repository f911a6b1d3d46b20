import { QueryClient } from '@tanstack/react-query';
import { parsePrerenderData, PRERENDER_DATA_ID } from '@vidmatrix/contract/prerender';

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

// A pre-rendered page carries its content calls' answers (the server rendered it on them): the first
// render reads them, so hydration matches the HTML and nothing is asked twice.
if (typeof document !== 'undefined') {
  parsePrerenderData(document.getElementById(PRERENDER_DATA_ID)?.textContent)?.queries.forEach(([key, data]) =>
    queryClient.setQueryData(key, data),
  );
}
