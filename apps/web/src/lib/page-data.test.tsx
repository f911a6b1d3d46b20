import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPageData, loadPageData, peekPageData, seedPageData, usePageData } from './page-data.ts';

const KEY = ['content', 'changelog'] as const;

/** A deferred answer: the test decides when and how the call ends. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Probe({ load }: { load: () => Promise<string[]> }) {
  const result = usePageData(KEY, load);
  if (result.isPending) {
    return <p>加载中…</p>;
  }
  return <p>{result.isError ? `失败：${result.error.message}` : result.data.join(',')}</p>;
}

describe('page data', () => {
  beforeEach(() => clearPageData());

  it('renders on the server from the answers it was given, asking nothing', () => {
    const load = vi.fn(() => Promise.resolve(['v2']));
    seedPageData([[KEY, ['v0.10.0', 'v0.9.0']]]);
    expect(renderToStaticMarkup(<Probe load={load} />)).toBe('<p>v0.10.0,v0.9.0</p>');
    clearPageData();
    expect(renderToStaticMarkup(<Probe load={load} />)).toBe('<p>加载中…</p>');
    expect(load).not.toHaveBeenCalled();
  });

  it('shares one call among the readers of a key and keeps its answer', async () => {
    const call = deferred<string[]>();
    const load = vi.fn(() => call.promise);
    const first = loadPageData(KEY, load);
    const second = loadPageData(KEY, load);
    expect(load).toHaveBeenCalledTimes(1);
    call.resolve(['v1']);
    await Promise.all([first, second]);
    expect(peekPageData(KEY)).toEqual(['v1']);
    expect(renderToStaticMarkup(<Probe load={load} />)).toBe('<p>v1</p>');
  });

  it('keeps the last answer when a later call fails, and shows a failure with nothing to show', async () => {
    seedPageData([[KEY, ['v1']]]);
    await loadPageData(KEY, () => Promise.reject(new Error('网络连接失败')));
    expect(peekPageData(KEY)).toEqual(['v1']);
    const other = ['content', 'live'] as const;
    await loadPageData(other, () => Promise.reject(new Error('网络连接失败')));
    expect(peekPageData(other)).toBeUndefined();
    clearPageData();
    await loadPageData(KEY, () => Promise.reject(new Error('网络连接失败')));
    expect(renderToStaticMarkup(<Probe load={() => Promise.resolve([])} />)).toBe('<p>失败：网络连接失败</p>');
  });

  it('drops the answer of a call started before a clear (the previous member’s)', async () => {
    const call = deferred<string[]>();
    const running = loadPageData(KEY, () => call.promise);
    clearPageData();
    // The next reader asks afresh instead of joining the old call.
    const fresh = loadPageData(KEY, () => Promise.resolve(['mine']));
    call.resolve(['theirs']);
    await Promise.all([running, fresh]);
    expect(peekPageData(KEY)).toEqual(['mine']);
  });
});
