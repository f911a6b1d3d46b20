import type { App } from '../src/app.ts';
import { auth } from './helpers.ts';

const TUS = '/api/file.Upload/tus';

/** Starts a tus upload; resolves the Location (or the refusal). */
export async function tusCreate(app: App, token: string, fileName: string, size: number) {
  const res = await app.inject({
    method: 'POST',
    url: TUS,
    headers: {
      ...auth(token),
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')}`,
    },
  });
  return { status: res.statusCode, location: res.headers.location ?? '', body: res.body };
}

/** Sends bytes at an offset. */
export async function tusPatch(app: App, token: string, location: string, offset: number, data: Buffer) {
  const res = await app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...auth(token),
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: data,
  });
  return { status: res.statusCode, offset: Number(res.headers['upload-offset'] ?? -1), body: res.body };
}

/** The server's offset of an upload. */
export async function tusHead(app: App, token: string, location: string) {
  const res = await app.inject({
    method: 'HEAD',
    url: location,
    headers: { ...auth(token), 'tus-resumable': '1.0.0' },
  });
  return { status: res.statusCode, offset: Number(res.headers['upload-offset'] ?? -1) };
}

/** Uploads a whole file in two chunks (so resumption is exercised); returns the object key. */
export async function tusUpload(app: App, token: string, fileName: string, data: Buffer): Promise<string> {
  const created = await tusCreate(app, token, fileName, data.length);
  if (created.status !== 201) {
    throw new Error(`create ${created.status}: ${created.body}`);
  }
  const half = Math.floor(data.length / 2);
  const first = await tusPatch(app, token, created.location, 0, data.subarray(0, half));
  if (first.status !== 204) {
    throw new Error(`patch ${first.status}: ${first.body}`);
  }
  const { offset } = await tusHead(app, token, created.location);
  const second = await tusPatch(app, token, created.location, offset, data.subarray(offset));
  if (second.status !== 204) {
    throw new Error(`patch ${second.status}: ${second.body}`);
  }
  return `media/${created.location.split('/').pop() ?? ''}`;
}

/** POSTs JSON and returns the envelope. */
export async function call<T = unknown>(app: App, token: string, url: string, payload?: unknown) {
  const res = await app.inject({ method: 'POST', url, headers: auth(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, ...res.json<{ code: number; msg: string; data: T }>() };
}
