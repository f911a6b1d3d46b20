import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Puts a websocket frame's news into every cached query under `queryKey`. A query being fetched at that
 * moment may answer with rows read before the news, and that answer would replace the patch (a poster
 * stayed missing until a reload), so its fetch is dropped (the patched data stays) and made again.
 */
export function patchLive<T>(client: QueryClient, queryKey: QueryKey, patch: (data: T) => T): void {
  client.setQueriesData<T>({ queryKey }, (data) => (data === undefined ? data : patch(data)));
  const inFlight = new Set(client.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' }));
  if (inFlight.size > 0) {
    const filters = { queryKey, predicate: (query: Query) => inFlight.has(query) };
    void client.cancelQueries(filters).then(() => client.invalidateQueries(filters));
  }
}
