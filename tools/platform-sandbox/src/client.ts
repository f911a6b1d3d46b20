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
    works: (platform: SandboxPlatform) => call<Work[]>('GET', `/works?platform=${platform}`),
    /** The last SMS or captcha code sent to the account (what the person reads off their phone). */
    code: (platform: SandboxPlatform, user: string) =>
      call<{ kind: string; code: string }>('GET', `/code?platform=${platform}&user=${encodeURIComponent(user)}`),
    expireSession: (platform: SandboxPlatform, user: string) =>
      call<{ ok: true }>('POST', '/expire-session', { platform, user }),
  };
}

export type SandboxControl = ReturnType<typeof sandboxControl>;
