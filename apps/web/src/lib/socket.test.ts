import { WS_PING_MS, WS_PONG_TIMEOUT_MS, WS_RECONNECT_MS } from '@vidmatrix/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ChatSocket,
  chatSocketUrl,
  onClipProgress,
  onHarvestPaused,
  onMaterialProcessed,
  onSendMsg,
  onSocketBound,
  type ChatSocketHandlers,
  type SocketLike,
} from './socket.ts';

class FakeSocket implements SocketLike {
  readyState = 1;
  sent: unknown[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  receive(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const handlers: ChatSocketHandlers = { redict: vi.fn(), message: vi.fn(), refresh: vi.fn(), sendMsg: vi.fn() };
  const client = new ChatSocket({
    url: 'ws://x/websocket',
    memberId: 7,
    token: 'tok',
    handlers,
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  });
  client.open();
  return { client, sockets, handlers, last: () => sockets[sockets.length - 1] as FakeSocket };
}

describe('ChatSocket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('binds on init with the token in the frame', () => {
    const { last } = setup();
    last().receive({ type: 'init', data: { client_id: 'c1' } });
    expect(last().sent).toEqual([{ type: 'bind', data: { client_id: 'c1', member_id: 7, token: 'tok' } }]);
  });

  it('handles the §4 frame types and calls send_msg listeners', () => {
    const { last, handlers } = setup();
    const listener = vi.fn();
    const off = onSendMsg(listener);
    last().receive({ type: 'redict', data: { path: '/home' } });
    last().receive({ type: 'message', data: { msg: '好' } });
    last().receive({ type: 'refresh', data: {} });
    last().receive({ type: 'send_msg', data: { content: '在吗' } });
    expect(handlers.redict).toHaveBeenCalledWith('/home');
    expect(handlers.message).toHaveBeenCalledWith('好');
    expect(handlers.refresh).toHaveBeenCalled();
    expect(handlers.sendMsg).toHaveBeenCalledWith({ content: '在吗' });
    expect(listener).toHaveBeenCalledWith({ content: '在吗' });
    off();
  });

  it('hands clip_progress frames to their listeners and tells bound listeners of every (re)bind', () => {
    const { last } = setup();
    const progress = vi.fn();
    const bound = vi.fn();
    const offProgress = onClipProgress(progress);
    const offBound = onSocketBound(bound);
    const data = { task_id: 3, output_id: 9, status: 'running', progress: 0.5, done: 0, total: 2 };
    last().receive({ type: 'clip_progress', data });
    expect(progress).toHaveBeenCalledWith(data);
    last().receive({ type: 'bind', data: { client_id: 'c1', member_id: 7 } });
    last().drop();
    vi.advanceTimersByTime(WS_RECONNECT_MS);
    last().receive({ type: 'bind', data: { client_id: 'c2', member_id: 7 } });
    expect(bound).toHaveBeenCalledTimes(2);
    offProgress();
    offBound();
    last().receive({ type: 'clip_progress', data });
    expect(progress).toHaveBeenCalledTimes(1);
  });

  it('hands material_processed frames to their listeners until removed', () => {
    const { last } = setup();
    const processed = vi.fn();
    const off = onMaterialProcessed(processed);
    const data = { material_id: 12, status: 'done', thumb_url: '/storage/thumbs/a.jpg', duration: 2 };
    last().receive({ type: 'material_processed', data });
    expect(processed).toHaveBeenCalledWith(data);
    off();
    last().receive({ type: 'material_processed', data });
    expect(processed).toHaveBeenCalledTimes(1);
  });

  it('hands harvest_paused frames to their listeners until removed', () => {
    const { last } = setup();
    const paused = vi.fn();
    const off = onHarvestPaused(paused);
    const data = { enterprise_account_id: 3, nickname: '抖音号', notice: '平台提示操作频繁，已暂停采集和回复' };
    last().receive({ type: 'harvest_paused', data });
    expect(paused).toHaveBeenCalledWith(data);
    off();
    last().receive({ type: 'harvest_paused', data });
    expect(paused).toHaveBeenCalledTimes(1);
  });

  it('pings every WS_PING_MS and reconnects when no pong arrives in time', () => {
    const { sockets, last } = setup();
    vi.advanceTimersByTime(WS_PING_MS);
    expect(last().sent).toEqual([{ type: 'ping', data: {} }]);
    last().receive({ type: 'pong', data: {} });
    vi.advanceTimersByTime(WS_PING_MS + WS_PONG_TIMEOUT_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets[0]?.closed).toBe(true);
    vi.advanceTimersByTime(WS_RECONNECT_MS);
    expect(sockets).toHaveLength(2);
  });

  it('reconnects WS_RECONNECT_MS after a lost link (a server restart) and binds again', () => {
    const { sockets, last } = setup();
    last().drop();
    vi.advanceTimersByTime(WS_RECONNECT_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().receive({ type: 'init', data: { client_id: 'c2' } });
    expect(last().sent[0]).toMatchObject({ type: 'bind', data: { client_id: 'c2' } });
  });

  it('stays closed after close (logout)', () => {
    const { client, sockets } = setup();
    client.close();
    vi.advanceTimersByTime(WS_RECONNECT_MS * 3 + WS_PING_MS);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.closed).toBe(true);
  });
});

describe('chatSocketUrl', () => {
  it('follows the page or the API host', () => {
    expect(chatSocketUrl('', { protocol: 'http:', host: 'a:8080' })).toBe('ws://a:8080/websocket');
    expect(chatSocketUrl('', { protocol: 'https:', host: 'a' })).toBe('wss://a/websocket');
    expect(chatSocketUrl('https://api.x/', { protocol: 'http:', host: 'a' })).toBe('wss://api.x/websocket');
  });
});
