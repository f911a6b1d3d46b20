import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WS_MAX_FRAME_BYTES, WS_PATH } from '@vidmatrix/contract/events';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RedisFactory } from '../lib/redis.ts';
import { RealtimeHub, defaultRealtimeOptions, type RealtimeOptions, type RealtimePublisher } from './hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pushes websocket frames to a member's sockets on every instance. */
    realtime: RealtimePublisher;
  }
}

/**
 * Mounts the chat socket at WS_PATH and decorates the app with `realtime`. The upgrade is taken
 * straight from the HTTP server, outside Fastify's router: a routed upgrade keeps its request and
 * reply (several KB) alive for as long as the socket lives.
 */
export async function setupRealtime(
  app: FastifyInstance,
  redis: RedisFactory | undefined,
  options: Partial<RealtimeOptions>,
  /** The member id of a live memberToken (throws otherwise). */
  authenticate: (token: string | undefined) => Promise<number>,
): Promise<RealtimeHub> {
  // A subscribed ioredis connection cannot publish, so the fan-out takes two of its own.
  const hub = new RealtimeHub(
    authenticate,
    app.log,
    { ...defaultRealtimeOptions, ...options },
    redis ? { pub: redis.connect('realtime-pub'), sub: redis.connect('realtime-sub') } : undefined,
  );
  await hub.start();
  app.decorate('realtime', hub);

  // No per-message deflate: it costs tens of KB per socket and frames here are tiny. The hub
  // tracks its sockets itself.
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: WS_MAX_FRAME_BYTES,
    perMessageDeflate: false,
  });
  const attach = (socket: WebSocket) => hub.attach(socket);
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(request.url) !== WS_PATH) {
      socket.on('error', () => socket.destroy());
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, attach);
  };
  app.server.on('upgrade', onUpgrade);

  // Before the HTTP server closes, which would otherwise wait for the upgraded sockets.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    await hub.stop();
  });
  return hub;
}

function pathOf(url: string | undefined): string {
  const end = url?.indexOf('?') ?? -1;
  return end < 0 ? (url ?? '') : (url ?? '').slice(0, end);
}
