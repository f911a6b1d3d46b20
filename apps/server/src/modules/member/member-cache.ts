import { randomUUID } from 'node:crypto';
import type { MemberInfo } from '@vidmatrix/contract/api/member';
import type { Redis } from 'ioredis';
import type { AppDeps } from '../../deps.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/** Longest a cached session or member info can miss a change this instance was not told about. */
export const MEMBER_CACHE_TTL_MS = 5_000;
/** Entries per cache; beyond it the oldest go (memory stays bounded under many members). */
const MEMBER_CACHE_MAX_ENTRIES = 10_000;

/** A live api token as authenticate found it. */
export interface CachedSession {
  memberId: number;
  sessionId: string;
  /** Epoch ms; checked on every hit, so expiry stays exact. */
  expiresAt: number;
}

/** What one instance tells the others to forget. */
interface Drop {
  kind: 'sessions' | 'info';
  memberId: number;
}

/**
 * Per-instance caches of sessions (token hash → member) and member info. Write paths drop entries
 * here at once; with Redis linked the drop is also broadcast so other instances forget them too.
 */
export class MemberCache {
  readonly sessions: TtlCache<string, CachedSession>;
  readonly infos: TtlCache<number, MemberInfo>;
  private publish: ((drop: Drop) => void) | undefined;

  constructor(now: () => number) {
    const options = { ttlMs: MEMBER_CACHE_TTL_MS, maxEntries: MEMBER_CACHE_MAX_ENTRIES, now };
    this.sessions = new TtlCache(options);
    this.infos = new TtlCache(options);
  }

  /** Forgets every cached session of the member (logout, password change, status change). */
  dropSessions(memberId: number): void {
    this.drop({ kind: 'sessions', memberId });
  }

  /** Forgets the member's cached info (any write to member, level_user, agent or member_role). */
  dropInfo(memberId: number): void {
    this.drop({ kind: 'info', memberId });
  }

  /**
   * Broadcasts drops on `channel` and applies those of other instances. `redis` publishes;
   * a duplicate connection subscribes. Resolves to the function that unlinks.
   */
  async link(redis: Redis, channel: string, onError: (err: unknown) => void): Promise<() => Promise<void>> {
    const origin = randomUUID();
    const subscriber = redis.duplicate();
    subscriber.on('error', onError);
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        const { from, ...drop } = JSON.parse(message) as Drop & { from: string };
        if (from !== origin) {
          this.apply(drop);
        }
      } catch (err) {
        onError(err);
      }
    });
    await subscriber.subscribe(channel);
    this.publish = (drop) => {
      redis.publish(channel, JSON.stringify({ from: origin, ...drop })).catch(onError);
    };
    return async () => {
      this.publish = undefined;
      await subscriber.quit();
    };
  }

  private drop(drop: Drop): void {
    this.apply(drop);
    this.publish?.(drop);
  }

  private apply({ kind, memberId }: Drop): void {
    if (kind === 'sessions') {
      this.sessions.deleteWhere((session) => session.memberId === memberId);
    } else {
      this.infos.delete(memberId);
    }
  }
}

/** The Redis channel on which instances (and the admin CLI) broadcast cache drops. */
export function memberCacheChannel(redisPrefix: string): string {
  return `${redisPrefix}:member-cache`;
}

const caches = new WeakMap<AppDeps['db'], MemberCache>();

/**
 * The cache of this database handle. Keyed by the handle, not by service instance, so every
 * service of one app (and a test's services on the app's database) reaches the same entries.
 */
export function memberCacheOf(deps: Pick<AppDeps, 'db' | 'now'>): MemberCache {
  let cache = caches.get(deps.db);
  if (!cache) {
    cache = new MemberCache(deps.now);
    caches.set(deps.db, cache);
  }
  return cache;
}
