import { WS_PING_MS, WS_PONG_TIMEOUT_MS, WS_RECONNECT_MS } from '@vidmatrix/contract/constants';
import {
  parseServerFrame,
  type AccountAuthExpiredFrameData,
  type HarvestPausedFrameData,
  type AccountAuthFrameData,
  type ClientFrame,
  type ClipProgressData,
  type MaterialProcessedFrameData,
  type PublishJobFrameData,
  type SendMsgData,
  type ServerFrame,
} from '@vidmatrix/contract/events';

/** What the chat socket does with each server frame (SPEC §4). */
export interface ChatSocketHandlers {
  /** redict: navigate to data.path. */
  redict: (path: string) => void;
  /** message: a success toast. */
  message: (msg: string) => void;
  /** refresh: reload the page. */
  refresh: () => void;
  /** send_msg: refresh the message list, notify, play the sound (listeners are called after). */
  sendMsg: (data: SendMsgData) => void;
}

/** The part of the browser WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
}

export interface ChatSocketOptions {
  url: string;
  memberId: number;
  token: string;
  handlers: ChatSocketHandlers;
  /** Opens a socket (default: the browser WebSocket). */
  createSocket?: (url: string) => SocketLike;
}

const OPEN = 1;
type SendMsgListener = (data: SendMsgData) => void;
const listeners = new Set<SendMsgListener>();

/** Registers a listener of incoming customer messages; returns its removal. */
export function onSendMsg(listener: SendMsgListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const clipListeners = new Set<(data: ClipProgressData) => void>();
const boundListeners = new Set<() => void>();

/** Registers a listener of clip render progress (`clip_progress` frames); returns its removal. */
export function onClipProgress(listener: (data: ClipProgressData) => void): () => void {
  clipListeners.add(listener);
  return () => {
    clipListeners.delete(listener);
  };
}

type MaterialProcessedListener = (data: MaterialProcessedFrameData) => void;
const materialProcessedListeners = new Set<MaterialProcessedListener>();

/** Registers a listener of `material_processed` frames (a material's poster is ready); returns its removal. */
export function onMaterialProcessed(listener: MaterialProcessedListener): () => void {
  materialProcessedListeners.add(listener);
  return () => {
    materialProcessedListeners.delete(listener);
  };
}

type PublishJobListener = (data: PublishJobFrameData) => void;
const publishListeners = new Set<PublishJobListener>();

/** Registers a listener of publish job frames (the publish pages); returns its removal. */
export function onPublishJob(listener: PublishJobListener): () => void {
  publishListeners.add(listener);
  return () => {
    publishListeners.delete(listener);
  };
}

/**
 * Registers a listener of every successful bind (the first and each after a reconnect): frames
 * pushed while the link was down are lost, so a page refetches what it shows live. Returns its removal.
 */
export function onSocketBound(listener: () => void): () => void {
  boundListeners.add(listener);
  return () => {
    boundListeners.delete(listener);
  };
}

type FrameListener = (frame: ServerFrame) => void;
const frameListeners = new Set<FrameListener>();

/** Registers a listener of every frame the server sends (the data screen refreshes on them); returns its removal. */
export function onServerFrame(listener: FrameListener): () => void {
  frameListeners.add(listener);
  return () => {
    frameListeners.delete(listener);
  };
}

type AccountAuthListener = (data: AccountAuthFrameData) => void;
const accountAuthListeners = new Set<AccountAuthListener>();
type AccountAuthExpiredListener = (data: AccountAuthExpiredFrameData) => void;
const accountAuthExpiredListeners = new Set<AccountAuthExpiredListener>();

/** Registers a listener of `account_auth` frames (an authorization through a runner moved on); returns its removal. */
export function onAccountAuth(listener: AccountAuthListener): () => void {
  accountAuthListeners.add(listener);
  return () => {
    accountAuthListeners.delete(listener);
  };
}

/** Registers a listener of `account_auth_expired` frames (accounts to authorize again); returns its removal. */
export function onAccountAuthExpired(listener: AccountAuthExpiredListener): () => void {
  accountAuthExpiredListeners.add(listener);
  return () => {
    accountAuthExpiredListeners.delete(listener);
  };
}

type HarvestPausedListener = (data: HarvestPausedFrameData) => void;
const harvestPausedListeners = new Set<HarvestPausedListener>();

/** Registers a listener of `harvest_paused` frames (a platform paused an account's harvesting); returns its removal. */
export function onHarvestPaused(listener: HarvestPausedListener): () => void {
  harvestPausedListeners.add(listener);
  return () => {
    harvestPausedListeners.delete(listener);
  };
}

/**
 * The chat socket: binds on `init` with the token in the frame, pings every WS_PING_MS, treats a
 * pong missing for WS_PONG_TIMEOUT_MS as a lost link, and reconnects WS_RECONNECT_MS after any loss
 * until closed.
 */
export class ChatSocket {
  private socket: SocketLike | null = null;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(private readonly options: ChatSocketOptions) {}

  /** Connects (again). */
  open(): void {
    this.closed = false;
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    const socket = create(this.options.url);
    this.socket = socket;
    socket.onmessage = (event) => {
      if (typeof event.data === 'string') {
        this.dispatch(socket, event.data);
      }
    };
    socket.onclose = () => this.lost(socket);
    // An error is followed by close, which reconnects.
    socket.onerror = null;
    this.pingTimer = setInterval(() => this.ping(socket), WS_PING_MS);
  }

  /** Closes for good (logout): no reconnect. */
  close(): void {
    this.closed = true;
    this.clearTimers();
    clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close();
    }
  }

  private send(socket: SocketLike, frame: ClientFrame): void {
    if (socket.readyState === OPEN) {
      socket.send(JSON.stringify(frame));
    }
  }

  private ping(socket: SocketLike): void {
    this.send(socket, { type: 'ping', data: {} });
    if (this.pongTimer === undefined) {
      this.pongTimer = setTimeout(() => {
        this.pongTimer = undefined;
        // No pong: the link is dead even if the browser has not noticed yet.
        socket.close();
        this.lost(socket);
      }, WS_PONG_TIMEOUT_MS);
    }
  }

  private dispatch(socket: SocketLike, raw: string): void {
    const frame = parseServerFrame(raw);
    if (!frame) {
      return;
    }
    const { handlers, memberId, token } = this.options;
    for (const listener of frameListeners) {
      listener(frame);
    }
    switch (frame.type) {
      case 'init':
        this.send(socket, { type: 'bind', data: { client_id: frame.data.client_id, member_id: memberId, token } });
        break;
      case 'pong':
        clearTimeout(this.pongTimer);
        this.pongTimer = undefined;
        break;
      case 'bind':
        for (const listener of boundListeners) {
          listener();
        }
        break;
      case 'clip_progress':
        for (const listener of clipListeners) {
          listener(frame.data);
        }
        break;
      case 'material_processed':
        for (const listener of materialProcessedListeners) {
          listener(frame.data);
        }
        break;
      case 'publish_job':
        for (const listener of publishListeners) {
          listener(frame.data);
        }
        break;
      case 'account_auth':
        for (const listener of accountAuthListeners) {
          listener(frame.data);
        }
        break;
      case 'account_auth_expired':
        for (const listener of accountAuthExpiredListeners) {
          listener(frame.data);
        }
        break;
      case 'harvest_paused':
        for (const listener of harvestPausedListeners) {
          listener(frame.data);
        }
        break;
      case 'redict':
        handlers.redict(frame.data.path);
        break;
      case 'message':
        handlers.message(frame.data.msg);
        break;
      case 'refresh':
        handlers.refresh();
        break;
      case 'send_msg':
        handlers.sendMsg(frame.data);
        for (const listener of listeners) {
          listener(frame.data);
        }
        break;
      case 'data_changed':
        // Only the data screen reads it, through the frame listeners above.
        break;
    }
  }

  private lost(socket: SocketLike): void {
    if (socket !== this.socket) {
      return;
    }
    this.socket = null;
    this.clearTimers();
    if (!this.closed) {
      this.reconnectTimer = setTimeout(() => this.open(), WS_RECONNECT_MS);
    }
  }

  private clearTimers(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    this.pingTimer = undefined;
    this.pongTimer = undefined;
  }
}

/** The /websocket address next to the API (same origin when no API host is configured). */
export function chatSocketUrl(apiBase: string, location: { protocol: string; host: string }): string {
  if (apiBase) {
    return `${apiBase.replace(/\/+$/, '').replace(/^http/, 'ws')}/websocket`;
  }
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/websocket`;
}

let current: ChatSocket | null = null;

/** Opens the session's chat socket (closing any previous one). */
export function openChatSocket(options: ChatSocketOptions): ChatSocket {
  current?.close();
  current = new ChatSocket(options);
  current.open();
  return current;
}

/** Closes the session's chat socket (logout). */
export function closeChatSocket(): void {
  current?.close();
  current = null;
}
