import { afterAll, afterEach, beforeAll } from 'vitest';
import { sandboxControl, type SandboxControl } from '../client.ts';
import { startSandbox, type Sandbox } from '../server.ts';
import type { SandboxPlatform } from '../skins.ts';

/** A plain-HTTP client of one platform as a signed-in browser (or a logged-out one) calls it. */
export interface SiteClient {
  /** Calls a path below the platform prefix with the session's cookies; redirects are not followed. */
  call(path: string, init?: RequestInit): Promise<Response>;
  json<T = Record<string, unknown>>(path: string, init?: RequestInit): Promise<T>;
  /** The session's cookies (name → value). */
  cookies: Map<string, string>;
}

/** A client of `platform` signed in as `account` (the control's login), or logged out when account is ''. */
export async function siteClient(base: string, platform: SandboxPlatform, account: string): Promise<SiteClient> {
  const cookies = new Map<string, string>();
  if (account) {
    const res = await fetch(`${base}/${platform}/__sandbox/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account }),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) {
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    }
  }
  const call = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) {
      headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    return fetch(`${base}/${platform}${path}`, { ...init, headers, redirect: 'manual' });
  };
  return {
    call,
    cookies,
    json: async <T>(path: string, init?: RequestInit) => (await (await call(path, init)).json()) as T,
  };
}

/** A JSON POST body. */
export const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** A form POST body. */
export const postForm = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** The sandbox of one inbox test file and its control API (set once the file's tests start). */
export interface InboxStage {
  sandbox: Sandbox;
  control: SandboxControl;
}

/** Starts a sandbox before the file's tests, resets it after each test and closes it after all. */
export function inboxStage(): InboxStage {
  const stage: Partial<InboxStage> = {};
  beforeAll(async () => {
    stage.sandbox = await startSandbox();
    stage.control = sandboxControl(stage.sandbox.url);
  });
  afterAll(async () => {
    await stage.sandbox?.close();
  });
  afterEach(async () => {
    await stage.control?.reset();
  });
  // Read only inside tests and hooks, after beforeAll has filled it.
  return stage as InboxStage;
}
