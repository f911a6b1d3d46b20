import { randomBytes } from 'node:crypto';
import { sandboxControl } from '../../client.ts';

/** A small mp4-shaped file: an ftyp box, an mvhd box saying `seconds`, and random bytes. */
export function fakeMp4(seconds: number, payload = 5_000): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  const mvhd = Buffer.alloc(108);
  mvhd.writeUInt32BE(108, 0);
  mvhd.write('mvhd', 4, 'latin1');
  mvhd.writeUInt32BE(1000, 20); // timescale (version 0: after version/flags, creation and modification)
  mvhd.writeUInt32BE(seconds * 1000, 24);
  const moov = Buffer.alloc(8);
  moov.writeUInt32BE(8 + mvhd.length, 0);
  moov.write('moov', 4, 'latin1');
  return Buffer.concat([ftyp, moov, mvhd, randomBytes(payload)]);
}

/** One browser's cookie jar against the sandbox's /bilibili, as plain fetch calls. */
export function bilibiliClient(base: string) {
  const jar = new Map<string, string>();
  const setCookies: string[] = [];
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    const url = path.startsWith('http') ? path : `${base}/bilibili${path}`;
    const headers = new Headers(init.headers);
    if (jar.size > 0) {
      headers.set('cookie', cookie());
    }
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      setCookies.push(c);
      const [pair] = c.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) {
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    }
    return res;
  }
  const json = async <T = Record<string, unknown>>(path: string, init?: RequestInit) =>
    (await (await call(path, init)).json()) as T;
  const form = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    jar,
    setCookies,
    call,
    json,
    form,
    csrf: () => jar.get('bili_jct') ?? '',
    /** Logs in through the QR page: the control API's scan stands in for the phone. */
    async login(user: string) {
      const page = await (await call('/passport/login')).text();
      const ticket = /let ticket="([^"]+)"/.exec(page)?.[1] ?? '';
      await sandboxControl(base).scan(qrOf(page), user);
      await call(`/api/login/poll?ticket=${ticket}`);
    },
    /** Steps 3–6: preupload, initiate, every chunk (last first, to prove order comes from the numbers), complete. */
    async upload(data: Buffer, name = 'video.mp4') {
      const pre = await json<{
        OK: number;
        endpoint: string;
        upos_uri: string;
        auth: string;
        biz_id: number;
        chunk_size: number;
      }>(
        `/preupload?probe_version=20221109&upcdn=bda2&zone=cs&r=upos&profile=ugcfx%2Fbup&ssl=0&version=2.14.0&build=2140000&name=${name}&size=${data.length}`,
      );
      const target = `http:${pre.endpoint}/${pre.upos_uri.replace('upos://', '')}`;
      const auth = { 'x-upos-auth': pre.auth };
      const init = await json<{ OK: number; upload_id: string }>(`${target}?uploads&output=json`, {
        method: 'POST',
        headers: auth,
      });
      const chunks = Math.ceil(data.length / pre.chunk_size);
      for (let chunk = chunks - 1; chunk >= 0; chunk -= 1) {
        const start = chunk * pre.chunk_size;
        const end = Math.min(data.length, start + pre.chunk_size);
        const q = `partNumber=${chunk + 1}&uploadId=${init.upload_id}&chunk=${chunk}&chunks=${chunks}&size=${end - start}&start=${start}&end=${end}&total=${data.length}`;
        const put = await call(`${target}?${q}`, {
          method: 'PUT',
          headers: auth,
          body: new Uint8Array(data.subarray(start, end)),
        });
        if (!put.ok) {
          throw new Error(`chunk ${chunk}: ${put.status}`);
        }
      }
      const parts = Array.from({ length: chunks }, (_, i) => ({ partNumber: i + 1, eTag: 'etag' }));
      const done = await json<{ OK: number }>(
        `${target}?output=json&name=${name}&profile=ugcfx%2Fbup&uploadId=${init.upload_id}&biz_id=${pre.biz_id}`,
        { method: 'POST', headers: auth, body: JSON.stringify({ parts }) },
      );
      const filename =
        pre.upos_uri
          .split('/')
          .pop()
          ?.replace(/\.\w+$/, '') ?? '';
      return { pre, init, done, chunks, filename, target };
    },
    /** Step 8: add/v3 with this body (defaults filled) and the csrf given (the bili_jct cookie by default). */
    add(body: Record<string, unknown>, csrf?: string, extraQuery = '') {
      const full = { copyright: 1, source: '', tid: 21, cover: '', desc: '', tag: '', dtime: 0, ...body };
      return call(`/x/vu/web/add/v3?csrf=${csrf ?? jar.get('bili_jct') ?? ''}&t=${Date.now()}${extraQuery}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(full),
      });
    },
  };
}

function qrOf(page: string): string {
  return /src="(data:image\/svg\+xml;base64,[^"]+)"/.exec(page)?.[1] ?? '';
}
