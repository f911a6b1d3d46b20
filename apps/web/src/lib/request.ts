// A thin fetch wrapper rather than axios: the envelope, timeout and blob rules below are all this
// client needs, and fetch keeps the router shell small enough for the /home bundle budget.
import { Code, isEnvelope } from '@vidmatrix/contract/codes';
import { API_TIMEOUT_MS, TOKEN_HEADER } from '@vidmatrix/contract/constants';
import { isReadOnlyCall } from '@vidmatrix/contract/api/read-calls';
import { CoreMsg as Msg } from '@vidmatrix/contract/messages-core';
import { alertRelogin, notifyError } from './notify.ts';
import { getDesktop } from './desktop.ts';
import { clearSessionValues, readToken } from './storage-keys.ts';

/** Query parameters; undefined and null values are left out. */
export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  params?: Params;
  /** JSON-serialisable body, or FormData for multipart. */
  body?: unknown;
  /** Suppresses the error toast and the 401 alert for this call (SPEC §8). */
  disableMessage?: boolean;
  /** Milliseconds before the call is aborted; API_TIMEOUT_MS by default. */
  timeout?: number;
  /** `blob` for downloads; a JSON blob is read as an envelope and treated as an error. */
  responseType?: 'json' | 'blob';
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
  /**
   * Tries again after a transient failure, for reads only; only the last failure is shown. A call in
   * the contract's READ_ONLY_CALLS gets READ_RETRY unless it names its own; any other call is sent once.
   */
  retry?: RetryPolicy;
}

/** How often and how long apart a call is tried again after a transient failure. */
export interface RetryPolicy {
  /** Tries after the first one. */
  retries: number;
  /** Wait before retry `n` (1-based), ms. */
  delayMs: (retry: number) => number;
  /** Which failures are tried again; isTransientFailure when left out. */
  when?: (failure: Failure) => boolean;
}

/** Doubling waits from `baseMs`, capped at `maxMs`: 1 s, 2 s, 4 s, 8 s… */
export function backoff(baseMs: number, maxMs: number): (retry: number) => number {
  return (retry) => Math.min(maxMs, baseMs * 2 ** (retry - 1));
}

/**
 * Loading user info decides whether the member stays signed in: a busy server (timeout, 429, 5xx)
 * or a dropped connection is tried again for about half a minute before the page reports it.
 */
export const SESSION_RETRY: RetryPolicy = { retries: 4, delayMs: backoff(1_000, 8_000) };

/**
 * One try of a call the console's first page waits on (user info, menus), ms: with SESSION_RETRY's
 * waits a dead server is reported within about 90 s, not the 5 minutes of five API_TIMEOUT_MS tries.
 */
export const SESSION_TRY_TIMEOUT_MS = 15_000;

/** HTTP statuses of a proxy whose server is gone or busy: the call may never have reached a server. */
export const GATEWAY_STATUSES: readonly number[] = [502, 503, 504];

/**
 * True for a failure where the call may not have reached a server: a dropped connection, or a proxy's
 * 502/503/504 (a server process killed behind the load balancer). A timeout is not one: the server
 * may still be working on it.
 */
export function isGatewayFailure(failure: Pick<Failure, 'kind' | 'status'>): boolean {
  return failure.kind === 'network' || GATEWAY_STATUSES.includes(failure.status);
}

/**
 * A read-only call (READ_ONLY_CALLS) met a gateway failure: tried twice more, 0.3 s then 0.6 s later,
 * which covers the proxy moving to another server process after one was lost (issue 27).
 */
export const READ_RETRY: RetryPolicy = { retries: 2, delayMs: backoff(300, 600), when: isGatewayFailure };

/** Why a call failed: the server said no, or the transport broke. */
export type FailureKind = 'server' | 'network' | 'timeout' | 'bad-response' | 'aborted';

/** A rejected call. `code` is the envelope code (0 for transport failures that carry none). */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly code: number,
    readonly data: unknown = null,
    /** True when the request layer already showed this error to the user. */
    readonly notified = false,
  ) {
    super(message);
  }
}

/** What to do with a parsed body. */
export type EnvelopeDecision = { ok: true; data: unknown } | Failure;

/** A failed call as the request layer reports it. */
export interface Failure {
  ok: false;
  kind: Exclude<FailureKind, 'aborted'>;
  code: number;
  message: string;
  data: unknown;
  /** Code 401: the session is gone and the user must sign in again. */
  relogin: boolean;
  /** The HTTP status of the answer (0: none came). */
  status: number;
}

/** The failure of a broken transport: no envelope, a Chinese explanation. */
export function transportFailure(kind: 'network' | 'timeout' | 'bad-response', status = 0): Failure {
  return { ok: false, kind, code: 0, message: transportMessage(kind), data: null, relogin: false, status };
}

/** Decides the outcome of a JSON body: code 200 resolves data, anything else is an error (SPEC §8). */
export function decideEnvelope(body: unknown, status = 0): EnvelopeDecision {
  if (!isEnvelope(body)) {
    return transportFailure('bad-response', status);
  }
  if (body.code === Code.ok) {
    return { ok: true, data: body.data };
  }
  const msg = typeof body.msg === 'string' && body.msg.trim() ? body.msg : Msg.serverError;
  return {
    ok: false,
    kind: 'server',
    code: body.code,
    message: msg,
    data: body.data ?? null,
    relogin: body.code === Code.unauthorized,
    status,
  };
}

/** A JSON body where a file was expected is an envelope explaining why: always a failure (SPEC §8). */
export function decideBlobJson(body: unknown): Failure {
  const decision = decideEnvelope(body);
  if (!decision.ok) {
    return decision;
  }
  const msg = isEnvelope(body) && typeof body.msg === 'string' && body.msg.trim() ? body.msg : Msg.noData;
  return { ok: false, kind: 'server', code: Code.ok, message: msg, data: decision.data, relogin: false, status: 0 };
}

/** Names a transport failure: an abort we caused by timing out, a caller's cancel, or the network. */
export function classifyTransportError(error: unknown, timedOut: boolean): 'timeout' | 'aborted' | 'network' {
  if (timedOut) {
    return 'timeout';
  }
  if (error instanceof DOMException && error.name === 'AbortError') {
    return 'aborted';
  }
  return 'network';
}

/**
 * True for a failure that says nothing about the session: the network, a timeout, an unreadable body
 * (a proxy's error page), too many requests and server errors. 401 and other refusals are final.
 */
export function isTransientFailure(failure: { kind: FailureKind; code: number }): boolean {
  if (failure.kind !== 'server') {
    return true;
  }
  return failure.code === Code.tooMany || failure.code >= Code.serverError;
}

/**
 * True when a rejected call is the server's verdict on the session or the request (401, 400…), false
 * when it says nothing about it (transient, or cancelled): only a verdict may sign the member out.
 */
export function isVerdict(error: unknown): boolean {
  return error instanceof RequestError && error.kind === 'server' && !isTransientFailure(error);
}

/** The Chinese text shown for a transport failure. */
export function transportMessage(kind: Exclude<FailureKind, 'server'>): string {
  switch (kind) {
    case 'timeout':
      return Msg.requestTimeout;
    case 'bad-response':
      return Msg.badResponse;
    case 'network':
    case 'aborted':
      return Msg.networkError;
  }
}

/** True for JSON content types (`application/json`, `application/problem+json; charset=utf-8`). */
export function isJsonContentType(contentType: string | null): boolean {
  return contentType !== null && /[/+]json\b/i.test(contentType);
}

/** Joins the configured base, the path and the query parameters. */
export function buildUrl(base: string, path: string, params?: Params): string {
  const root = base.replace(/\/+$/, '');
  const url = `${root}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) {
    return url;
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) {
      search.append(key, String(value));
    }
  }
  const query = search.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/** Request headers: the token header when signed in, JSON content type for plain bodies. */
export function buildHeaders(token: string | null, body: unknown): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) {
    headers[TOKEN_HEADER] = token;
  }
  if (body !== undefined && !(body instanceof FormData)) {
    headers['Content-Type'] = 'application/json';
  }
  return headers;
}

/** The API host from configuration; empty means the page's own origin. */
export const apiBase: string = import.meta.env.VITE_API_BASE ?? '';

/** The token is no longer valid (401): the desktop shell stops its tasks now, the page once the member confirms. */
function relogin(): void {
  getDesktop()?.signedOut();
  alertRelogin(() => {
    clearSessionValues();
    window.location.reload();
  });
}

/** A transient failure of a quiet try, to be tried again. */
class TransientError extends Error {}

/** One try's options: a quiet try throws TransientError on a transient failure instead of telling the user. */
type TryOptions = RequestOptions & { transientQuiet?: boolean };

function fail(decision: Failure, options: TryOptions, toast = true): never {
  if (options.transientQuiet && (options.retry?.when ?? isTransientFailure)(decision)) {
    throw new TransientError(decision.message);
  }
  const show = !options.disableMessage;
  if (show && decision.relogin) {
    relogin();
  } else if (show && toast) {
    notifyError(decision.message);
  }
  throw new RequestError(decision.message, decision.kind, decision.code, decision.data, show);
}

async function readBlob(response: Response, options: TryOptions): Promise<Blob> {
  const blob = await response.blob();
  if (!isJsonContentType(response.headers.get('content-type'))) {
    return blob;
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(await blob.text());
  } catch {
    parsed = null;
  }
  const failure = decideBlobJson(parsed);
  // Export endpoints answer code 0 with a message the export button shows as a success.
  return fail(failure, options, failure.code !== Code.exportMessage);
}

/** Resolves after `ms`, or rejects as aborted when `signal` fires first. */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => new RequestError(transportMessage('aborted'), 'aborted', 0);
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', cancel);
      resolve();
    }, ms);
    const cancel = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    signal?.addEventListener('abort', cancel, { once: true });
  });
}

/** Calls the API and resolves the envelope's data; rejects with a RequestError otherwise. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const retry = options.retry ?? (isReadOnlyCall(path) ? READ_RETRY : undefined);
  if (!retry) {
    return requestOnce<T>(path, options);
  }
  options = { ...options, retry };
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= retry.retries;
    try {
      // Earlier tries stay quiet: a toast per try would report a failure the next try may undo.
      return await requestOnce<T>(path, last ? options : { ...options, transientQuiet: true });
    } catch (error) {
      if (last || !(error instanceof TransientError)) {
        throw error;
      }
    }
    await wait(retry.delayMs(attempt + 1), options.signal);
  }
}

async function requestOnce<T>(path: string, options: TryOptions): Promise<T> {
  const { method = 'GET', params, body, timeout = API_TIMEOUT_MS, responseType = 'json', signal } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel, { once: true });

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(apiBase, path, params), {
        method,
        headers: buildHeaders(readToken(), body),
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      const kind = classifyTransportError(error, timedOut);
      if (kind === 'aborted') {
        throw new RequestError(transportMessage(kind), kind, 0);
      }
      return fail(transportFailure(kind), options);
    }

    if (responseType === 'blob' && response.ok) {
      return (await readBlob(response, options)) as T;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(await response.text());
    } catch (error) {
      // A body that is not JSON (an HTML error page, a cut-off stream) or a timeout while reading it.
      const kind = error instanceof SyntaxError ? 'bad-response' : classifyTransportError(error, timedOut);
      if (kind === 'aborted') {
        throw new RequestError(transportMessage(kind), kind, 0);
      }
      return fail(transportFailure(kind, response.status), options);
    }
    const decision = decideEnvelope(parsed, response.status);
    if (decision.ok) {
      return decision.data as T;
    }
    return fail(decision, options);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/** GET shorthand. */
export function get<T>(path: string, params?: Params, options: Omit<RequestOptions, 'method' | 'params'> = {}) {
  return request<T>(path, { ...options, method: 'GET', params });
}

/** POST shorthand with a JSON (or FormData) body. */
export function post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
  return request<T>(path, { ...options, method: 'POST', body });
}
