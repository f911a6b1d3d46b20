import { randomBytes } from 'node:crypto';
import {
  WS_BIND_TIMEOUT_MS,
  WS_CLOSE_BIND_REFUSED,
  WS_CLOSE_BIND_TIMEOUT,
  WS_CLOSE_IDLE,
  WS_IDLE_TIMEOUT_MS,
  parseClientFrame,
  type ServerFrame,
} from '@vidmatrix/contract/events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RawData, WebSocket } from 'ws';

/** Tells which member a session token belongs to; null when the token is not live. */
export type TokenResolver = (token: string) => Promise<number | null>;

/** Pushes frames to a member's sockets, wherever they are connected. */
export interface RealtimePublisher {
  /** Delivers on this instance at once and hands the frame to Redis for the others; never throws. */
  publish(memberId: number, frame: ServerFrame): void;
}

/** Tunables of the hub. */
export interface RealtimeOptions {
  /** Unbound sockets are closed after this, ms (default WS_BIND_TIMEOUT_MS). */
  bindTimeoutMs: number;
  /** Bound sockets that sent nothing for this long are closed, ms (default WS_IDLE_TIMEOUT_MS). */
  idleTimeoutMs: number;
  /** How often one sweep closes the sockets past their deadline, ms. */
  sweepMs: number;
  /** Redis pub/sub channel (tests isolate themselves with their own). */
  channel: string;
}

/** Redis connections of the cross-instance fan-out. */
export interface RealtimeRedis {
  pub: Redis;
  sub: Redis;
}

export const defaultRealtimeOptions: RealtimeOptions = {
  bindTimeoutMs: WS_BIND_TIMEOUT_MS,
  idleTimeoutMs: WS_IDLE_TIMEOUT_MS,
  sweepMs: 1000,
  channel: 'vidmatrix:ws',
};

/** `Peer.memberId` of a socket still waiting for its bind, and of one whose bind is being checked. */
const UNBOUND = 0;
const BINDING = -1;

/** All the hub keeps per socket besides its Set entry: a few numbers, no closures, no timers. */
interface Peer {
  /** Sequence number; the client id is the instance id followed by it in base 36. */
  readonly seq: number;
  /** The bound member, or UNBOUND / BINDING. */
  memberId: number;
  /** Unbound: when the bind deadline passes. Bound: when the last frame arrived (sweep clock). */
  at: number;
}

const PONG = Buffer.from(JSON.stringify({ type: 'pong', data: {} } satisfies ServerFrame));
/** Frames are serialized and encoded once, then sent as text to every socket. */
const TEXT = { binary: false } as const;

/**
 * The websocket hub: greets each socket with `init`, binds it to the member its token belongs to,
 * answers pings and fans frames out per member. With Redis, frames published on one instance reach
 * the member's sockets on every instance. One interval closes sockets that did not bind in time or
 * stopped pinging; every socket shares the same listeners.
 */
export class RealtimeHub implements RealtimePublisher {
  private readonly peers = new Map<WebSocket, Peer>();
  private readonly members = new Map<number, Set<WebSocket>>();
  private readonly instanceId = randomBytes(6).toString('hex');
  private sequence = 0;
  /** The sweep's clock: a frame stamps its socket with this instead of reading the time itself. */
  private clock = Date.now();
  private sweeper: NodeJS.Timeout | undefined;
  // `this` is the socket in these listeners: one function each for all sockets.
  private readonly onMessage: (this: WebSocket, raw: RawData, isBinary: boolean) => void;
  private readonly onClose: (this: WebSocket) => void;

  constructor(
    private readonly resolveToken: TokenResolver,
    private readonly log: FastifyBaseLogger,
    private readonly options: RealtimeOptions = defaultRealtimeOptions,
    private readonly redis?: RealtimeRedis,
  ) {
    const frame = (socket: WebSocket, raw: RawData, isBinary: boolean) => this.frame(socket, raw, isBinary);
    const detach = (socket: WebSocket) => this.detach(socket);
    this.onMessage = function onMessage(raw, isBinary) {
      frame(this, raw, isBinary);
    };
    this.onClose = function onClose() {
      detach(this);
    };
  }

  /** Starts the sweep and subscribes to the shared channel (with Redis). */
  async start(): Promise<void> {
    this.sweeper = setInterval(() => this.sweep(), this.options.sweepMs);
    this.sweeper.unref();
    if (!this.redis) {
      return;
    }
    this.redis.sub.on('message', (_channel: string, message: string) => this.receive(message));
    await this.redis.sub.subscribe(this.options.channel);
  }

  /** Sockets open on this instance, bound or not (for health and benchmarks). */
  get localSockets(): number {
    return this.peers.size;
  }

  /** Takes a freshly upgraded socket: greet, await the bind, then serve. */
  attach(socket: WebSocket): void {
    this.sequence += 1;
    const peer: Peer = { seq: this.sequence, memberId: UNBOUND, at: Date.now() + this.options.bindTimeoutMs };
    this.peers.set(socket, peer);
    socket.on('error', terminateOnError);
    socket.on('message', this.onMessage);
    socket.on('close', this.onClose);
    send(socket, { type: 'init', data: { client_id: this.clientId(peer) } });
  }

  /** Sends a frame to every socket of the member on this instance and, with Redis, on the others. */
  publish(memberId: number, frame: ServerFrame): void {
    const payload = JSON.stringify(frame);
    if (this.redis) {
      // Handed to Redis first: the local sends below then overlap its round trip.
      this.redis.pub
        .publish(this.options.channel, `${this.instanceId}|${memberId}|${payload}`)
        .catch((err: unknown) => {
          // The message is stored either way; the client's list refresh will show it.
          this.log.error({ err, memberId }, 'Realtime publish failed');
        });
    }
    this.deliver(memberId, payload);
  }

  /** Stops the sweep, leaves Redis and closes every socket (server shutdown: clients reconnect). */
  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    for (const socket of this.peers.keys()) {
      socket.close(1001, 'server shutting down');
    }
    if (this.redis) {
      await this.redis.sub.unsubscribe(this.options.channel).catch(() => undefined);
    }
  }

  private clientId(peer: Peer): string {
    return `${this.instanceId}${peer.seq.toString(36)}`;
  }

  private frame(socket: WebSocket, raw: RawData, isBinary: boolean): void {
    const peer = this.peers.get(socket);
    if (!peer) {
      return;
    }
    const frame = isBinary ? null : parseClientFrame(rawText(raw));
    if (peer.memberId > 0) {
      peer.at = this.clock;
    }
    if (frame?.type === 'ping') {
      socket.send(PONG, TEXT);
    } else if (frame?.type === 'bind' && peer.memberId === UNBOUND) {
      peer.memberId = BINDING;
      void this.bind(socket, peer, frame.data);
    }
  }

  private async bind(
    socket: WebSocket,
    peer: Peer,
    data: { client_id: string; member_id: number; token: string },
  ): Promise<void> {
    const clientId = this.clientId(peer);
    const owner = data.client_id === clientId ? await this.resolveToken(data.token).catch(() => null) : null;
    if (owner === null || owner !== data.member_id) {
      this.log.warn(
        {
          clientId,
          claimedMemberId: data.member_id,
          tokenMemberId: owner,
          clientIdMatches: data.client_id === clientId,
        },
        'Websocket bind refused',
      );
      socket.close(WS_CLOSE_BIND_REFUSED, 'bind refused');
      return;
    }
    // Closed (or timed out by the sweep) while the token was being checked.
    if (socket.readyState !== socket.OPEN || this.peers.get(socket) !== peer) {
      return;
    }
    peer.memberId = owner;
    peer.at = this.clock;
    const set = this.members.get(owner);
    if (set) {
      set.add(socket);
    } else {
      this.members.set(owner, new Set([socket]));
    }
    send(socket, { type: 'bind', data: { client_id: clientId, member_id: owner } });
  }

  private detach(socket: WebSocket): void {
    const peer = this.peers.get(socket);
    if (!peer) {
      return;
    }
    this.peers.delete(socket);
    const set = peer.memberId > 0 ? this.members.get(peer.memberId) : undefined;
    if (set?.delete(socket) && set.size === 0) {
      this.members.delete(peer.memberId);
    }
  }

  /** Closes unbound sockets past their bind deadline and bound ones silent for idleTimeoutMs. */
  private sweep(): void {
    const now = Date.now();
    this.clock = now;
    const silentSince = now - this.options.idleTimeoutMs;
    for (const [socket, peer] of this.peers) {
      if (peer.memberId > 0 ? peer.at <= silentSince : peer.at <= now) {
        // Forgotten at once, so a socket slow to finish its close handshake is not closed twice.
        this.detach(socket);
        if (peer.memberId > 0) {
          socket.close(WS_CLOSE_IDLE, 'idle');
        } else {
          socket.close(WS_CLOSE_BIND_TIMEOUT, 'bind timeout');
        }
      }
    }
  }

  private deliver(memberId: number, payload: string): void {
    const set = this.members.get(memberId);
    if (!set) {
      return;
    }
    const data = Buffer.from(payload);
    for (const socket of set) {
      socket.send(data, TEXT);
    }
  }

  private receive(message: string): void {
    const first = message.indexOf('|');
    const second = message.indexOf('|', first + 1);
    if (first < 0 || second < 0 || message.slice(0, first) === this.instanceId) {
      return;
    }
    this.deliver(Number(message.slice(first + 1, second)), message.slice(second + 1));
  }
}

function terminateOnError(this: WebSocket): void {
  this.terminate();
}

function send(socket: WebSocket, frame: ServerFrame): void {
  socket.send(JSON.stringify(frame));
}

function rawText(raw: RawData): string {
  if (Array.isArray(raw)) {
    return Buffer.concat(raw).toString('utf8');
  }
  return raw instanceof ArrayBuffer ? Buffer.from(raw).toString('utf8') : raw.toString('utf8');
}
