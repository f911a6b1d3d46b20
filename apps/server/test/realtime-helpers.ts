import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  WEBHOOK_MEMBER_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@vidmatrix/contract/api/customer';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import { WS_PATH, parseServerFrame, type ServerFrame } from '@vidmatrix/contract/events';
import { WebSocket } from 'ws';
import type { App } from '../src/app.ts';
import { signWebhook } from '../src/modules/customer/webhook-signature.ts';
import { auth } from './helpers.ts';

/** A Redis channel of its own, so test files sharing one Redis never see each other's frames. */
export function testChannel(): string {
  return `test-ws-${randomBytes(6).toString('hex')}`;
}

/** The ws:// address of the chat socket of a listening app. */
export function socketUrl(app: App): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${WS_PATH}`;
}

/** A real websocket client that records every frame and waits for the ones a test expects. */
export class TestSocket {
  readonly frames: ServerFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters: { test: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer) => {
      const frame = parseServerFrame(raw.toString('utf8'));
      if (frame) {
        this.frames.push(frame);
        for (const waiter of [...this.waiters]) {
          if (waiter.test(frame)) {
            this.waiters.splice(this.waiters.indexOf(waiter), 1);
            waiter.resolve(frame);
          }
        }
      }
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** Opens a socket and waits for the server's `init`. */
  static async open(url: string): Promise<{ socket: TestSocket; clientId: string }> {
    const socket = new TestSocket(new WebSocket(url));
    const init = await socket.next('init');
    return { socket, clientId: init.data.client_id };
  }

  /** Opens a socket and binds it to the member of `token`; resolves after the server's ack. */
  static async bound(url: string, memberId: number, token: string): Promise<TestSocket> {
    const { socket, clientId } = await TestSocket.open(url);
    socket.send({ type: 'bind', data: { client_id: clientId, member_id: memberId, token } });
    await socket.next('bind');
    return socket;
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The first recorded (or next arriving) frame of a type that passes `test`. */
  next<T extends ServerFrame['type']>(
    type: T,
    test: (frame: Extract<ServerFrame, { type: T }>) => boolean = () => true,
  ): Promise<Extract<ServerFrame, { type: T }>> {
    const match = (f: ServerFrame): f is Extract<ServerFrame, { type: T }> =>
      f.type === type && test(f as Extract<ServerFrame, { type: T }>);
    const seen = this.frames.find(match);
    if (seen) {
      return Promise.resolve(seen);
    }
    return new Promise((resolve) => {
      this.waiters.push({ test: match, resolve: (f) => resolve(f as Extract<ServerFrame, { type: T }>) });
    });
  }

  close(): void {
    this.ws.close();
  }
}

/** Signed webhook headers for a body, at `nowMs`. */
export function signedHeaders(memberId: number, secret: string, body: string, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    'content-type': 'application/json',
    [WEBHOOK_MEMBER_HEADER]: String(memberId),
    [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
    [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
  };
}

/** The member id and webhook secret of a signed-in member. */
export async function webhookSecretOf(app: App, token: string): Promise<{ memberId: number; secret: string }> {
  const res = await app.inject({ method: 'GET', url: '/api/customer.Webhook/secret', headers: auth(token) });
  const body = res.json<{ data: { secret: string; member_id: number } }>();
  return { memberId: body.data.member_id, secret: body.data.secret };
}

/** Adds an enterprise account through the accounts API (platform 抖音 by default); returns its id. */
export async function addEnterpriseAccount(app: App, token: string, nickname: string, platformId = 1): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: AccountApi.add,
    headers: auth(token),
    payload: { nickname, platform_id: platformId },
  });
  const body = res.json<{ code: number; msg: string; data: { enterprise_account_id: number } }>();
  if (body.code !== 200) {
    throw new Error(`adding account ${nickname} failed: ${body.msg}`);
  }
  return body.data.enterprise_account_id;
}

/** Posts a signed customer message through the webhook. */
export async function postCustomerMessage(
  app: App,
  member: { memberId: number; secret: string },
  message: { enterprise_account_id: number; customer_id: string; customer_name?: string; content: string },
  nowMs: number,
) {
  const body = JSON.stringify(message);
  return app.inject({
    method: 'POST',
    url: '/api/customer.Webhook/message',
    headers: signedHeaders(member.memberId, member.secret, body, nowMs),
    payload: body,
  });
}
