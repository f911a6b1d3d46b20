import { randomBytes } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Redis } from 'ioredis';

/** A held lock expires after this without renewal (its process died), ms; renewed every third. */
const LOCK_TTL_MS = 30_000;
/** A waiting request tries again this often, ms. */
const RETRY_MS = 50;
/** Waiting longer than this fails the request, as @tus/server's MemoryLocker does, ms. */
const ACQUIRE_TIMEOUT_MS = 30_000;

/** Deletes or extends the lock only while it still holds our token. */
const UNLOCK_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;

/**
 * @tus/server's Locker across server instances: an upload is locked by `SET NX PX` on one Redis key.
 * A request that finds the upload locked asks the holder, over pub/sub, to release it (the holder's
 * request is cancelled, as tus wants for a client that reconnected), then retries until it holds it.
 */
export class RedisLocker implements Locker {
  /** Release callbacks of the locks this instance holds, by upload id. */
  readonly held = new Map<string, RequestRelease>();
  private readonly channel: string;

  constructor(
    readonly redis: Redis,
    private readonly subscriber: Redis,
    /** Key prefix of this deployment (REDIS_PREFIX). */
    readonly prefix: string,
    readonly acquireTimeoutMs = ACQUIRE_TIMEOUT_MS,
  ) {
    this.channel = `${prefix}:tus-lock-release`;
  }

  /** Listens for release requests of other instances. */
  async start(): Promise<void> {
    this.subscriber.on('message', (channel: string, id: string) => {
      if (channel === this.channel) {
        void Promise.resolve(this.held.get(id)?.()).catch(() => undefined);
      }
    });
    await this.subscriber.subscribe(this.channel);
  }

  newLock(id: string): Lock {
    return new RedisLock(this, id);
  }

  keyOf(id: string): string {
    return `${this.prefix}:tus-lock:${id}`;
  }

  async askRelease(id: string): Promise<void> {
    await this.redis.publish(this.channel, id);
  }
}

class RedisLock implements Lock {
  private readonly token = randomBytes(16).toString('hex');
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly locker: RedisLocker,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    const key = this.locker.keyOf(this.id);
    for (let asked = false; ; asked = true) {
      if ((await this.locker.redis.set(key, this.token, 'PX', LOCK_TTL_MS, 'NX')) === 'OK') {
        this.locker.held.set(this.id, requestRelease);
        this.renewal = setInterval(() => {
          void this.locker.redis.eval(RENEW_SCRIPT, 1, key, this.token, LOCK_TTL_MS).catch(() => undefined);
        }, LOCK_TTL_MS / 3);
        this.renewal.unref();
        return;
      }
      if (!asked) {
        await this.locker.askRelease(this.id);
      }
      if (signal.aborted || Date.now() >= deadline) {
        // tus answers any thrown error by its status_code and body.
        throw Object.assign(new Error(ERRORS.ERR_LOCK_TIMEOUT.body), ERRORS.ERR_LOCK_TIMEOUT);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    this.locker.held.delete(this.id);
    await this.locker.redis.eval(UNLOCK_SCRIPT, 1, this.locker.keyOf(this.id), this.token);
  }
}
