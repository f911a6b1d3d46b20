import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { parsePrerenderData, PRERENDER_DATA_ID, type PrerenderQuery } from '@vidmatrix/contract/prerender';

/**
 * The public site's read-only server data, without TanStack Query: its 10 KB gzip do not fit a public
 * page's 120 KB budget (issue 12), and a page that reads content needs none of its features but a cache.
 * Answers are kept by key (the content module's query keys). A pre-rendered page's data block fills the
 * cache first: the server rendered the page on those answers, so hydration matches the HTML and nothing
 * is asked twice. A page reading a key the cache lacks, or holds for longer than `staleMs`, asks once
 * (readers of one key share the call). The console keeps TanStack Query.
 */

interface Entry {
  /** True once the key has an answer; `data` is the last one. */
  answered: boolean;
  data: unknown;
  /** The last call's failure, null after an answer. */
  error: Error | null;
  /** When the answer arrived, ms (0: none yet). */
  at: number;
}

const entries = new Map<string, Entry>();
const calls = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
/** Bumped by clearPageData: a call started before it stores nothing (it may be the previous member's). */
let generation = 0;

const readGeneration = () => generation;
const idOf = (key: readonly unknown[]) => JSON.stringify(key);

function put(id: string, entry: Entry): void {
  entries.set(id, entry);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores answers (a page's data block, or the server renderer's), fresh as of now. */
export function seedPageData(queries: readonly PrerenderQuery[]): void {
  const at = Date.now();
  queries.forEach(([key, data]) => put(idOf(key), { answered: true, data, error: null, at }));
}

/** Forgets every answer (a new member, or the next server render); mounted readers ask again. */
export function clearPageData(): void {
  generation += 1;
  entries.clear();
  calls.clear();
  listeners.forEach((listener) => listener());
}

/** The answer held for a key, if any. */
export function peekPageData<T>(key: readonly unknown[]): T | undefined {
  const entry = entries.get(idOf(key));
  return entry?.answered ? (entry.data as T) : undefined;
}

/**
 * Asks for a key's answer and stores it; while a call for the key runs, returns that one. A failure is
 * stored next to the last answer, which stays.
 */
export function loadPageData<T>(key: readonly unknown[], load: () => Promise<T>): Promise<void> {
  const id = idOf(key);
  const running = calls.get(id);
  if (running) {
    return running;
  }
  const started = generation;
  const call = load()
    .then(
      (data) => {
        if (started === generation) {
          put(id, { answered: true, data, error: null, at: Date.now() });
        }
      },
      (error: unknown) => {
        if (started !== generation) {
          return;
        }
        const last = entries.get(id);
        put(id, {
          answered: last?.answered ?? false,
          data: last?.data,
          error: error instanceof Error ? error : new Error(String(error)),
          at: last?.at ?? 0,
        });
      },
    )
    .finally(() => {
      if (calls.get(id) === call) {
        calls.delete(id);
      }
    });
  calls.set(id, call);
  return call;
}

/** True when a key has no answer, or one older than `maxAgeMs`. */
function isStale(entry: Entry | undefined, maxAgeMs: number): boolean {
  return !entry?.answered || Date.now() - entry.at > maxAgeMs;
}

export interface PageDataOptions<T> {
  /** Age after which a mounting reader asks again, ms (30 s by default, as the console's queries). */
  staleMs?: number;
  /** While mounted, asks again this often, ms (every reader of the key together: once per period). */
  refreshMs?: number;
  /** Shown, marked as placeholder, until the key has its own answer (e.g. the visitor's answer to a member). */
  placeholder?: () => T | undefined;
}

/** What a reader sees of a key: pending, failed with nothing to show, or an answer (or the placeholder). */
export type PageDataResult<T> =
  | { isPending: true; isError: false; data: undefined; error: null; isPlaceholderData: false }
  | { isPending: false; isError: true; data: undefined; error: Error; isPlaceholderData: false }
  | { isPending: false; isError: false; data: T; error: null; isPlaceholderData: boolean };

/**
 * A key's answer for a component, from the cache (the page's data block) or from `load`. On the server and
 * while hydrating it reads the cache only, so a pre-rendered page renders the same on both sides.
 */
export function usePageData<T>(
  key: readonly unknown[],
  load: () => Promise<T>,
  { staleMs = 30_000, refreshMs, placeholder }: PageDataOptions<T> = {},
): PageDataResult<T> {
  const id = idOf(key);
  const snapshot = () => entries.get(id);
  const entry = useSyncExternalStore(subscribe, snapshot, snapshot);
  // Bumped by clearPageData: a mounted reader then asks again.
  const epoch = useSyncExternalStore(subscribe, readGeneration, readGeneration);
  const ask = useEffectEvent(() => void loadPageData(key, load));
  useEffect(() => {
    if (isStale(entries.get(id), staleMs)) {
      ask();
    }
    if (!refreshMs) {
      return undefined;
    }
    // Each reader ticks; a tick finding an answer younger than half a period leaves it (another reader asked).
    const timer = setInterval(() => {
      if (isStale(entries.get(id), refreshMs / 2)) {
        ask();
      }
    }, refreshMs);
    return () => clearInterval(timer);
  }, [id, staleMs, refreshMs, epoch]);

  if (entry?.answered) {
    return { data: entry.data as T, isError: false, error: null, isPending: false, isPlaceholderData: false };
  }
  if (entry?.error) {
    return { data: undefined, isError: true, error: entry.error, isPending: false, isPlaceholderData: false };
  }
  const held = placeholder?.();
  if (held !== undefined) {
    return { data: held, isError: false, error: null, isPending: false, isPlaceholderData: true };
  }
  return { data: undefined, isError: false, error: null, isPending: true, isPlaceholderData: false };
}

// The page's data block, read once when the first public page's code runs (before it hydrates).
if (typeof document !== 'undefined') {
  seedPageData(parsePrerenderData(document.getElementById(PRERENDER_DATA_ID)?.textContent)?.queries ?? []);
}
