import type { FedItem } from './inbox/control.ts';
import type { InboxComment, InboxMessage, SentRecord } from './inbox/inbox.ts';
import type { Switches, UploadTiming, Work } from './server.ts';
import type { SandboxPlatform } from './skins.ts';
import { ticketOfQr } from './qr.ts';

/** The control API of a running sandbox: what a test (standing in for the phone and the operator) calls. */
export function sandboxControl(baseUrl: string) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${baseUrl}/__control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) {
      throw new Error(`sandbox ${method} ${path}: ${res.status} ${await res.text()}`);
    }
    return (await res.json()) as T;
  }
  return {
    /** Scans a QR image (login or real-name) as `user`'s phone would. */
    scan: (qrImage: string, user?: string) => {
      const ticket = ticketOfQr(qrImage);
      if (!ticket) {
        throw new Error('not a sandbox QR image');
      }
      return call<{ ok: true; user?: string }>('POST', '/scan', { ticket, user });
    },
    setSwitches: (platform: SandboxPlatform, patch: Partial<Switches>) =>
      call<Switches>('PUT', `/switches/${platform}`, patch),
    reset: () => call<{ ok: true }>('POST', '/reset'),
    /** Accepted creates per `${platform}/${user}` (a duplicate post shows as 2). */
    creates: async (platform: SandboxPlatform, user: string) => {
      const r = await call<{ creates: Record<string, number>; requests: Record<string, number> }>('GET', '/creates');
      return { accepted: r.creates[`${platform}/${user}`] ?? 0, requests: r.requests[`${platform}/${user}`] ?? 0 };
    },
    /** The sandbox's own upload and processing time of every upload so far. */
    timings: () => call<UploadTiming[]>('GET', '/timings'),
    /** Every work held on the platform (of one account when `user` is given), with the file each was made from. */
    works: (platform: SandboxPlatform, user?: string) =>
      call<Work[]>('GET', `/works?platform=${platform}${user ? `&user=${encodeURIComponent(user)}` : ''}`),
    /** Puts a post in place as if the account had made it earlier (listed at once; no create counted). */
    addWork: (work: {
      platform: SandboxPlatform;
      user: string;
      title: string;
      createdAt?: number;
      durationSec?: number;
      status?: Work['status'];
    }) => call<Work>('POST', '/works', work),
    /**
     * Signs `account` in on the platform without the QR step; the session cookie (`sessionid=…`, path
     * `/<platform>`) to send. A browser signs in by POSTing the same from its own page.
     */
    login: async (platform: SandboxPlatform, account: string) => {
      const res = await fetch(`${baseUrl}/${platform}/__sandbox/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account }),
      });
      if (!res.ok) {
        throw new Error(`sandbox login ${platform}: ${res.status} ${await res.text()}`);
      }
      return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
    },
    /** The last SMS or captcha code sent to the account (what the person reads off their phone). */
    code: (platform: SandboxPlatform, user: string) =>
      call<{ kind: string; code: string }>('GET', `/code?platform=${platform}&user=${encodeURIComponent(user)}`),
    expireSession: (platform: SandboxPlatform, user: string) =>
      call<{ ok: true }>('POST', '/expire-session', { platform, user }),
    /**
     * Puts a comment (on the account's post `post`, by id or title, else its newest; under `parent` when
     * given) or a private message (from `author`; `fromSelf`: the account wrote it) on the account.
     */
    feed: (item: {
      platform: SandboxPlatform;
      account: string;
      source: 'comment' | 'message';
      text: string;
      author?: string;
      authorId?: string;
      post?: string;
      parent?: string;
      fromSelf?: boolean;
      /** When it was written, epoch ms (now by default). */
      at?: number;
    }) => call<FedItem>('POST', '/feed', item),
    /** The replies and messages the account sent through the platform's write endpoints, in order. */
    sent: (platform: SandboxPlatform, account: string) =>
      call<SentRecord[]>('GET', `/sent?platform=${platform}&account=${encodeURIComponent(account)}`),
    /** Every comment and message the sandbox holds for the account. */
    inbox: (platform: SandboxPlatform, account: string) =>
      call<{ comments: InboxComment[]; messages: InboxMessage[] }>(
        'GET',
        `/inbox?platform=${platform}&account=${encodeURIComponent(account)}`,
      ),
  };
}

export type SandboxControl = ReturnType<typeof sandboxControl>;
