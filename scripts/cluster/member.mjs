// A member of the cluster check, speaking to nginx only, as the console would: the envelope API, tus
// uploads and the chat socket.
import { WebSocket } from 'ws';

const TUS = '/api/file.Upload/tus';

/** A member's API over HTTP through `base` (the proxy). */
export function memberClient(base) {
  let token = '';
  const client = {
    base,
    get token() {
      return token;
    },
    /** POSTs JSON (or GETs); the envelope. Throws on a transport error or a non-JSON answer. */
    async call(path, body, { method = 'POST' } = {}) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { memberToken: token, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      });
      const text = await res.text();
      try {
        return JSON.parse(text);
      } catch {
        throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
      }
    },
    /** The envelope's data; throws with its message when the code is not 200. */
    async ok(path, body, options) {
      const answer = await client.call(path, body, options);
      if (answer.code !== 200) {
        throw new Error(`${path}: ${answer.code} ${answer.msg}`);
      }
      return answer.data;
    },
    async signIn(account, password) {
      const data = await client.ok('/api/member.Login/login', { account, password, platform: 'web' });
      token = data.ApiToken;
      return data;
    },
    /** Starts a tus upload of `size` bytes; its URL. */
    async tusCreate(fileName, size) {
      const res = await fetch(`${base}${TUS}`, {
        method: 'POST',
        headers: {
          memberToken: token,
          'tus-resumable': '1.0.0',
          'upload-length': String(size),
          'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')}`,
        },
      });
      if (res.status !== 201) {
        throw new Error(`tus create: HTTP ${res.status} ${await res.text()}`);
      }
      return new URL(res.headers.get('location'), base).href;
    },
    /** The server's offset of an upload. */
    async tusOffset(url) {
      const res = await fetch(url, { method: 'HEAD', headers: { memberToken: token, 'tus-resumable': '1.0.0' } });
      if (res.status !== 200) {
        throw new Error(`tus HEAD: HTTP ${res.status}`);
      }
      return Number(res.headers.get('upload-offset'));
    },
    /**
     * PATCHes `body` (a Buffer, or an async iterable of Buffers streamed as they come) at `offset`; the
     * new offset, or the error when the request broke off.
     */
    async tusPatch(url, offset, body) {
      const res = await fetch(url, {
        method: 'PATCH',
        headers: {
          memberToken: token,
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: Buffer.isBuffer(body) ? body : ReadableStream.from(body),
        duplex: 'half',
      });
      if (res.status !== 204) {
        throw new Error(`tus PATCH: HTTP ${res.status} ${await res.text()}`);
      }
      return Number(res.headers.get('upload-offset'));
    },
  };
  return client;
}

/** The chat socket through the proxy: every frame kept, waits on the ones the check expects. */
export class MemberSocket {
  /** The console's ping interval (WS_PING_MS of the contract; the check sets it). */
  static pingMs = 15_000;

  constructor(url) {
    this.frames = [];
    this.waiters = [];
    this.ws = new WebSocket(url);
    this.closed = new Promise((resolve) => this.ws.once('close', (code) => resolve(code)));
    this.ws.on('message', (raw) => {
      let frame;
      try {
        frame = JSON.parse(raw.toString('utf8'));
      } catch {
        return;
      }
      this.frames.push(frame);
      for (const waiter of [...this.waiters]) {
        if (waiter.test(frame)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    });
    this.ws.on('error', () => undefined);
    // As the console does: an idle socket is closed by the server after a few missed pings.
    const ping = setInterval(() => this.open && this.send({ type: 'ping', data: {} }), MemberSocket.pingMs);
    ping.unref();
    void this.closed.then(() => clearInterval(ping));
  }

  get open() {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** The first frame (kept or coming) of `type` that passes `test`; rejects once the socket closed. */
  next(type, test = () => true, withinMs = 240_000) {
    const match = (f) => f.type === type && test(f.data ?? {});
    const seen = this.frames.find(match);
    if (seen) {
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} frame within ${withinMs / 1000} s`)), withinMs);
      this.waiters.push({
        test: match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }

  send(frame) {
    this.ws.send(JSON.stringify(frame));
  }

  close() {
    this.ws.close();
  }

  /** Opens a socket and binds it to the member (the console's init → bind handshake). */
  static async bound(url, memberId, token) {
    const socket = new MemberSocket(url);
    const init = await socket.next('init', () => true, 60_000);
    socket.send({ type: 'bind', data: { client_id: init.data.client_id, member_id: memberId, token } });
    await socket.next('bind', () => true, 60_000);
    return socket;
  }
}

/**
 * A chat webhook poster for `accountId`: postMessage(customerId, via) signs a message as the platform
 * integration would and posts it to `via` (nginx by default, or one API directly).
 */
export function webhookPoster({ base, secret, memberId, accountId, sign, headers }) {
  return async (customerId, via = base) => {
    const body = JSON.stringify({
      enterprise_account_id: accountId,
      customer_id: customerId,
      customer_name: '客户',
      content: '集群消息',
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await fetch(`${via}/api/customer.Webhook/message`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [headers.member]: String(memberId),
        [headers.timestamp]: ts,
        [headers.signature]: sign(secret, ts, body),
      },
      body,
    });
    const answer = await res.json();
    if (answer.code !== 200) {
      throw new Error(`webhook: ${answer.code} ${answer.msg}`);
    }
  };
}
