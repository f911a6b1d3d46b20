import { Redis } from 'ioredis';

/** What the factory logs connection errors with (pino and Fastify's logger fit). */
export interface RedisLogger {
  error(obj: object, msg: string): void;
}

/** Hands out the process's Redis connections: the same options, error logging and shutdown for all. */
export interface RedisFactory {
  /**
   * A new connection for `role` (named in its error logs). `bullmq` connections never give up on a
   * command (BullMQ requires it); the others fail a command after one retry so a Redis outage surfaces.
   */
  connect(role: string, options?: { bullmq?: boolean }): Redis;
  /** Closes every connection still open (owners may have closed theirs already). */
  closeAll(): Promise<void>;
}

/** The Redis connection factory of one process, on REDIS_URL. */
export function createRedisFactory(url: string, log: RedisLogger): RedisFactory {
  const connections = new Set<Redis>();
  return {
    connect(role, options = {}) {
      // Named by role (CLIENT LIST shows who is connected, e.g. after a Redis restart).
      const connection = new Redis(url, { maxRetriesPerRequest: options.bullmq ? null : 1, connectionName: role });
      connection.on('error', (err) => log.error({ err, role }, 'Redis error'));
      connection.once('end', () => connections.delete(connection));
      connections.add(connection);
      return connection;
    },
    async closeAll() {
      const open = [...connections].filter((connection) => connection.status !== 'end');
      await Promise.all(open.map((connection) => connection.quit().catch(() => connection.disconnect())));
      connections.clear();
    },
  };
}
