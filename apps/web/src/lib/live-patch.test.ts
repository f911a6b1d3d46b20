import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { patchLive } from './live-patch.ts';

interface Row {
  id: number;
  poster: string;
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Resolves once every answer was asked for and the observed query has data and is fetching nothing. */
function settled(observer: QueryObserver<Row[]>, answers: unknown[]): Promise<Row[]> {
  return new Promise((resolve) => {
    const check = () => {
      const result = observer.getCurrentResult();
      if (answers.length === 0 && result.data !== undefined && result.fetchStatus === 'idle') {
        unsubscribe();
        resolve(result.data);
      }
    };
    const unsubscribe = observer.subscribe(check);
    check();
  });
}

const withPoster = (rows: Row[]) => rows.map((row) => (row.id === 1 ? { ...row, poster: '/p.jpg' } : row));

describe('patchLive', () => {
  it('patches the cached rows', () => {
    const client = new QueryClient();
    client.setQueryData<Row[]>(['rows'], [{ id: 1, poster: '' }]);
    patchLive(client, ['rows'], withPoster);
    expect(client.getQueryData(['rows'])).toEqual([{ id: 1, poster: '/p.jpg' }]);
  });

  it.each([
    ['first', undefined],
    ['next', [{ id: 1, poster: '' }]],
  ])('fetches again a query whose %s answer, read before the news, was still on its way', async (_, cached) => {
    const client = new QueryClient();
    if (cached) {
      client.setQueryData<Row[]>(['rows'], cached);
    }
    const before = deferred<Row[]>();
    const answers = [before.promise, Promise.resolve([{ id: 1, poster: '/p.jpg' }])];
    const observer = new QueryObserver<Row[]>(client, { queryKey: ['rows'], queryFn: () => answers.shift()! });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(observer.getCurrentResult().fetchStatus).toBe('fetching');

    patchLive(client, ['rows'], withPoster);
    before.resolve([{ id: 1, poster: '' }]);

    expect(await settled(observer, answers)).toEqual([{ id: 1, poster: '/p.jpg' }]);
    unsubscribe();
    client.clear();
  });

  it('keeps the patch when the fetch made again fails', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData<Row[]>(['rows'], [{ id: 1, poster: '' }]);
    const before = deferred<Row[]>();
    const answers = [before.promise, Promise.reject(new Error('network'))];
    const observer = new QueryObserver<Row[]>(client, { queryKey: ['rows'], queryFn: () => answers.shift()! });
    const unsubscribe = observer.subscribe(() => undefined);

    patchLive(client, ['rows'], withPoster);
    before.resolve([{ id: 1, poster: '' }]);

    expect(await settled(observer, answers)).toEqual([{ id: 1, poster: '/p.jpg' }]);
    unsubscribe();
    client.clear();
  });
});
