import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';

/** How long a waiting long poll sleeps between looks at the database, ms (work made on another instance). */
export const LONG_POLL_LOOK_MS = 250;

/** The key server runners' polls wait under (member ids start at 1): woken by every member's work. */
export const SERVER_RUNNERS_KEY = 0;

/**
 * The runner's long polls (runner.Runner/claim and authClaim) waiting on this instance, by member.
 * A poll looks for work, and while it finds none sleeps until work of its member is made here
 * (`wake`), until its next look, until its request's socket closed (`signal`), or until the server
 * closes (`close`). Nothing is ever claimed for a request that has gone: work a look took while
 * the socket closed is handed back at once, so the next runner gets it without waiting for a lease
 * to run out.
 */
export class LongPolls {
  private readonly waiting = new Map<number, Set<() => void>>();
  private closed = false;
  private running = 0;

  /**
   * Looks with `attempt` until it finds work, `waitMs` is over, `signal` aborts or the server
   * closes; the work found, or none. Work found for a request that has gone meanwhile goes back
   * through `release` and is not answered.
   */
  async poll<T>(
    memberId: number,
    waitMs: number,
    signal: AbortSignal | undefined,
    attempt: () => Promise<T[]>,
    release: (found: T[]) => Promise<void>,
  ): Promise<T[]> {
    const deadline = Date.now() + waitMs;
    this.running++;
    try {
      while (!this.closed && !signal?.aborted) {
        const found = await attempt();
        if (found.length > 0 && signal?.aborted) {
          await release(found);
          return [];
        }
        const left = deadline - Date.now();
        if (found.length > 0 || left <= 0) {
          return found;
        }
        await this.sleep(memberId, Math.min(left, LONG_POLL_LOOK_MS), signal);
      }
      return [];
    } finally {
      this.running--;
    }
  }

  /** Wakes this instance's polls waiting for the member's work. */
  wake(memberId: number): void {
    for (const done of [...(this.waiting.get(memberId) ?? [])]) {
      done();
    }
  }

  /** The server is closing: every poll answers now (with no work), and later ones at once. */
  close(): void {
    this.closed = true;
    for (const memberId of [...this.waiting.keys()]) {
      this.wake(memberId);
    }
  }

  /**
   * True once the server is closing. A poll's answer then says `Connection: close`: a kept-alive
   * socket would hold the server's close open for its keep-alive timeout (72 s in Fastify).
   */
  get closing(): boolean {
    return this.closed;
  }

  /** Polls under way on this instance (tests wait on this instead of on time). */
  get active(): number {
    return this.running;
  }

  private sleep(memberId: number, ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const set = this.waiting.get(memberId) ?? new Set();
      this.waiting.set(memberId, set);
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        set.delete(done);
        if (set.size === 0) {
          this.waiting.delete(memberId);
        }
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      set.add(done);
    });
  }
}

/**
 * An AbortSignal that aborts when the client goes away before its answer is sent (the response's
 * socket closed first). Node's request 'close' fires once the body is read, so the response's is used.
 */
export function closedBeforeAnswer(response: {
  once(event: 'close', listener: () => void): unknown;
  writableFinished: boolean;
  closed: boolean;
}): AbortSignal {
  const controller = new AbortController();
  if (response.closed && !response.writableFinished) {
    controller.abort(); // gone before the handler began
    return controller.signal;
  }
  response.once('close', () => {
    if (!response.writableFinished) {
      controller.abort();
    }
  });
  return controller.signal;
}

/**
 * Closing the server also drops connections that never carried a request (a browser's or HTTP
 * client's spare preconnected sockets): Node's close leaves them open until its headers timeout
 * (~70 s), while kept-alive idle ones it closes at once.
 */
export function dropUnusedConnectionsOnClose(app: {
  server: HttpServer;
  addHook(name: 'preClose', hook: (done: () => void) => void): unknown;
}): void {
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  const used = (request: IncomingMessage) => unused.delete(request.socket);
  app.server.on('request', used);
  app.server.on('upgrade', used);
  app.addHook('preClose', (done) => {
    for (const socket of unused) {
      socket.destroy();
    }
    done();
  });
}
