import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import type { APIRequestContext, BrowserContext } from 'playwright-core';
import type { FailureReason } from '../types.ts';
import { type ConnectorDefinition, partsOf } from './definition.ts';

/** A Bilibili answer: HTTP status and the parsed JSON body (undefined when it was not JSON). */
export interface BiliAnswer {
  status: number;
  body: Record<string, unknown> | undefined;
}

/** A step of the API flow that ended the job: the reason and what the platform said. */
export class BiliFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    message: string,
    /** The platform's own words (its `message`), empty when it said nothing. */
    readonly platformText = '',
    readonly url = '',
  ) {
    super(message);
  }
}

/** The `code` of an envelope (`OK` for upos answers), NaN when absent. */
export const codeOf = (a: BiliAnswer): number => Number(a.body?.code ?? (a.body?.OK === 1 ? 0 : Number.NaN));
/** The platform's message of an envelope. */
export const messageOf = (a: BiliAnswer): string => {
  const m = a.body?.message ?? a.body?.msg;
  return typeof m === 'string' ? m : '';
};

/** The account's Bilibili cookies, read from its browser profile (the QR login put them there). */
export async function accountCookies(context: BrowserContext, def: ConnectorDefinition) {
  const cookies = await context.cookies(def.baseUrl);
  const value = (name: string) => cookies.find((c) => c.name === name)?.value ?? '';
  return {
    header: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    sessdata: value('SESSDATA'),
    csrf: value('bili_jct'),
  };
}

export type AccountCookies = Awaited<ReturnType<typeof accountCookies>>;

/** One API call: method, headers and body as `fetch` takes them, under its own deadline. */
export interface BiliCallInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Sends the account's cookies and the upload page as referer (the member and api hosts); default on. */
  cookies?: boolean;
}

/** Settles with `work`, or rejects with the signal's reason as soon as it aborts (the request is then left to its own deadline). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) {
    return work;
  }
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/**
 * Calls the member and api hosts with the account's cookies, each call under its own deadline. The
 * calls go out through the account's browser context (`context.request`), so they take the account's
 * proxy as its pages do: the platform sees one address per account, never the runner's own.
 */
export function bilibiliHttp(def: ConnectorDefinition, cookies: AccountCookies, request: APIRequestContext) {
  const endpoints = partsOf(def, 'bilibili');
  const base = def.baseUrl.replace(/\/$/, '');
  const apiBase = base.replace(endpoints.apiHost.from, endpoints.apiHost.to);
  const scheme = new URL(base).protocol;
  async function call(url: string, init: BiliCallInit): Promise<BiliAnswer> {
    const { timeoutMs, cookies: withCookies = true, signal } = init;
    const headers: Record<string, string> = { ...init.headers };
    if (withCookies) {
      headers.cookie = cookies.header;
      headers.referer = `${base}/platform/upload/video/frame`;
    }
    // No automatic retries (a resent add could post twice); redirects are followed as fetch does.
    const res = await untilAborted(
      request.fetch(url, {
        method: init.method ?? 'GET',
        headers,
        data: init.body,
        timeout: timeoutMs,
        failOnStatusCode: false,
        maxRetries: 0,
      }),
      signal,
    );
    const text = await res.text();
    await res.dispose();
    let body: Record<string, unknown> | undefined;
    try {
      const v: unknown = JSON.parse(text);
      body = v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status(), body };
  }
  return {
    csrf: cookies.csrf,
    /** The web API's paths, fields and codes, from the definition. */
    endpoints,
    member: (path: string) => base + path,
    api: (path: string) => apiBase + path,
    /** An upos URL: `<scheme>:<endpoint>/<upos_uri less upos://>`. */
    upos: (endpoint: string, uposUri: string) => `${scheme}${endpoint}/${uposUri.replace(/^upos:\/\//, '')}`,
    call,
    /** A form POST with csrf, as the page's own calls are made. */
    form: (url: string, fields: Record<string, string>, timeoutMs: number) =>
      call(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, csrf: cookies.csrf }).toString(),
        timeoutMs,
      }),
  };
}

export type BilibiliHttp = ReturnType<typeof bilibiliHttp>;

interface Preupload {
  OK: number;
  endpoint: string;
  upos_uri: string;
  auth: string;
  biz_id: number;
  chunk_size: number;
}

/** Where an upload is, for the progress the runner relays. */
export type UploadProgress = (sentBytes: number, totalBytes: number) => void;

/**
 * Steps 2–6: line probe, preupload, initiate, chunks (a few in flight, each retried), complete. Resolves
 * with the submit's `filename` (the upos_uri's stem) and the cid; throws BiliFailure.
 */
export async function uploadByUpos(
  http: BilibiliHttp,
  videoPath: string,
  options: { deadlineMs: number; navigationMs: number; signal?: AbortSignal; onProgress: UploadProgress },
): Promise<{ filename: string; cid: number }> {
  const file = await open(videoPath, 'r');
  const deadline = AbortSignal.timeout(options.deadlineMs);
  const failed = new AbortController(); // one chunk out of tries stops the others
  const signal = AbortSignal.any([deadline, failed.signal, ...(options.signal ? [options.signal] : [])]);
  const stopped = (err: unknown): never => {
    if (options.signal?.aborted) {
      throw new BiliFailure('cancelled', 'cancelled during the upload');
    }
    if (deadline.aborted) {
      throw new BiliFailure('upload_timeout', `the upload did not finish within ${options.deadlineMs} ms`);
    }
    throw err;
  };
  const BILIBILI_API = http.endpoints;
  try {
    const size = (await file.stat()).size;
    const name = basename(videoPath);
    const probe = await http
      .call(http.member(BILIBILI_API.probe), { timeoutMs: options.navigationMs, signal })
      .catch(() => undefined);
    const lines = probe?.body?.lines;
    const first = Array.isArray(lines) ? (lines[0] as { query?: unknown } | undefined) : undefined;
    const line = typeof first?.query === 'string' ? first.query : BILIBILI_API.defaultLine;
    const q = new URLSearchParams(line);
    for (const [k, v] of Object.entries({
      r: 'upos',
      profile: BILIBILI_API.profile,
      ssl: '0',
      version: '2.14.0',
      build: '2140000',
      name,
      size: String(size),
    })) {
      q.set(k, v);
    }
    const preAnswer = await http
      .call(`${http.member(BILIBILI_API.preupload)}?${q}`, { timeoutMs: options.navigationMs, signal })
      .catch(stopped);
    const pre = preAnswer.body as Partial<Preupload> | undefined;
    if (codeOf(preAnswer) === BILIBILI_API.codes.notLoggedIn) {
      throw new BiliFailure('logged_out', 'preupload answered -101 (not logged in)', messageOf(preAnswer));
    }
    if (pre?.OK !== 1 || !pre.endpoint || !pre.upos_uri || !pre.auth || !pre.chunk_size) {
      throw new BiliFailure(
        'upload_failed',
        `preupload refused the file (HTTP ${preAnswer.status})`,
        messageOf(preAnswer),
      );
    }
    const target = http.upos(pre.endpoint, pre.upos_uri);
    const auth = { 'x-upos-auth': pre.auth };
    const init = await http
      .call(`${target}?uploads&output=json`, {
        method: 'POST',
        headers: auth,
        timeoutMs: options.navigationMs,
        signal,
        cookies: false,
      })
      .catch(stopped);
    const uploadId = init.body?.upload_id;
    if (typeof uploadId !== 'string' || !uploadId) {
      throw new BiliFailure('upload_failed', `upos gave no upload_id (HTTP ${init.status})`, messageOf(init));
    }

    const chunkSize = pre.chunk_size;
    const chunks = Math.max(1, Math.ceil(size / chunkSize));
    let next = 0;
    let sent = 0;
    const putChunk = async (chunk: number) => {
      const start = chunk * chunkSize;
      const end = Math.min(size, start + chunkSize);
      const data = Buffer.alloc(end - start);
      await file.read(data, 0, data.length, start);
      const query = new URLSearchParams({
        partNumber: String(chunk + 1),
        uploadId,
        chunk: String(chunk),
        chunks: String(chunks),
        size: String(data.length),
        start: String(start),
        end: String(end),
        total: String(size),
      });
      for (let attempt = 1; ; attempt += 1) {
        const answer = await http
          .call(`${target}?${query}`, {
            method: 'PUT',
            headers: auth,
            body: data,
            timeoutMs: BILIBILI_API.chunkTimeout,
            signal,
            cookies: false,
          })
          .catch((err: unknown) => (signal.aborted ? stopped(err) : undefined));
        if (answer && answer.status >= 200 && answer.status < 300) {
          sent += data.length;
          options.onProgress(sent, size);
          return;
        }
        if (attempt >= BILIBILI_API.chunkTries || (answer && answer.status >= 400 && answer.status < 500)) {
          throw new BiliFailure(
            'upload_failed',
            `chunk ${chunk} failed ${attempt} times (HTTP ${answer?.status ?? 'none'})`,
            answer ? messageOf(answer) : '',
          );
        }
      }
    };
    const worker = async () => {
      while (next < chunks) {
        const chunk = next;
        next += 1;
        await putChunk(chunk);
      }
    };
    await Promise.all(Array.from({ length: Math.min(BILIBILI_API.parallelChunks, chunks) }, worker)).catch(
      (err: unknown) => {
        failed.abort();
        throw err;
      },
    );

    const parts = Array.from({ length: chunks }, (_, i) => ({ partNumber: i + 1, eTag: 'etag' }));
    const done = new URLSearchParams({
      output: 'json',
      name,
      profile: BILIBILI_API.profile,
      uploadId,
      biz_id: String(pre.biz_id ?? ''),
    });
    for (let attempt = 1; ; attempt += 1) {
      const answer = await http
        .call(`${target}?${done}`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ parts }),
          timeoutMs: options.navigationMs,
          signal,
          cookies: false,
        })
        .catch((err: unknown) => (signal.aborted ? stopped(err) : undefined));
      if (answer?.body?.OK === 1) {
        break;
      }
      if (attempt >= 3 || (answer && answer.status >= 400 && answer.status < 500)) {
        throw new BiliFailure('upload_failed', 'upos did not complete the upload', answer ? messageOf(answer) : '');
      }
    }
    const filename =
      pre.upos_uri
        .split('/')
        .pop()
        ?.replace(/\.\w+$/, '') ?? '';
    return { filename, cid: Number(pre.biz_id ?? 0) };
  } finally {
    await file.close();
  }
}
