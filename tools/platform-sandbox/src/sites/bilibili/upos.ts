import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteCore } from '../site.ts';
import { mp4DurationSec } from './mp4-duration.ts';
import { NOT_LOGGED_IN, sessionOfRequest } from './session.ts';

/** A file that went up through upos and was assembled from its chunks. */
export interface UploadedFile {
  user: string;
  name: string;
  size: number;
  sha256: string;
  durationSec: number;
  /** The video's cid (preupload's `biz_id`). */
  cid: number;
}

interface Pending {
  user: string;
  name: string;
  size: number;
  auth: string;
  bizId: number;
  uploadId?: string;
  chunks: Map<number, Buffer>;
  startedAt: number;
}

/** The upload lines preupload?r=probe lists (research §5 API step 2). */
const LINES = ['bda2', 'ws', 'qn', 'bldsa', 'tx', 'txa', 'bda'];
const VIDEO_NAME = /\.(mp4|mov|flv|mkv|webm)$/i;
const hex = (n: number) => randomBytes(n).toString('hex');

/**
 * Bilibili's line probe, preupload and the upos multipart upload (research §5 API steps 2–6). The sandbox
 * serves one host, so preupload's `endpoint` is `//<sandbox host>/bilibili/upos` instead of a bilivideo.com
 * host; the upload URL is `<scheme>:<endpoint>/<upos_uri less upos://>` as on the real site.
 */
export function uposApi(core: SiteCore, prefix: string) {
  const pending = new Map<string, Pending>(); // key below /upos/ → upload in progress
  const files = new Map<string, UploadedFile>(); // file name stem (add's `filename`) → assembled file

  const endpointOf = (req: IncomingMessage) => `//${req.headers.host ?? '127.0.0.1'}${prefix}/upos`;

  function probe(req: IncomingMessage) {
    const lines = LINES.map((line) => ({
      os: 'upos',
      probe_url: `${endpointOf(req)}/OK`,
      query: `probe_version=20221109&upcdn=${line}&zone=cs`,
    }));
    return { OK: 1, lines, probe: { get: {}, post: {}, put: {} } };
  }

  function preupload(req: IncomingMessage, url: URL) {
    const found = sessionOfRequest(core, req);
    if (!found) {
      return { OK: 0, ...NOT_LOGGED_IN };
    }
    if (core.switches().expireSessionOn === 'upload') {
      core.endSession(found.token);
      return { OK: 0, ...NOT_LOGGED_IN };
    }
    const name = url.searchParams.get('name') ?? '';
    const size = Number(url.searchParams.get('size'));
    if (!VIDEO_NAME.test(name) || !Number.isSafeInteger(size) || size <= 0) {
      return { OK: 0, code: -400, message: '请求错误：文件名或大小不正确' };
    }
    const stem = `n${new Date().toISOString().slice(2, 10).replace(/-/g, '')}${hex(10)}`;
    const key = `ugcfx2lf/${stem}${/\.\w+$/.exec(name)?.[0].toLowerCase() ?? '.mp4'}`;
    const auth = `ak=1494471752&cdn=%2F%2Fupos-cs-upcdnbda2.bilivideo.com&os=upos&sign=${hex(16)}&timestamp=${Math.floor(Date.now() / 1000)}&uid=${found.session.user}&uip=127.0.0.1&uport=80&use_dqp=0`;
    const bizId = 1_000_000_000 + Number.parseInt(hex(3), 16);
    pending.set(key, { user: found.session.user, name, size, auth, bizId, chunks: new Map(), startedAt: Date.now() });
    const chunkSize = core.switches().bilibiliChunkSize;
    return {
      OK: 1,
      auth,
      biz_id: bizId,
      chunk_retry: 10,
      chunk_retry_delay: 3,
      chunk_size: chunkSize,
      endpoint: endpointOf(req),
      endpoints: [endpointOf(req)],
      expose_params: null,
      put_query: 'os=upos&profile=ugcfx%2Fbup',
      threads: 3,
      timeout: 600,
      uip: '127.0.0.1',
      upos_uri: `upos://${key}`,
    };
  }

  async function upos(req: IncomingMessage, res: ServerResponse, url: URL, key: string): Promise<void> {
    if (key === 'OK') {
      return core.send(res, 200, { OK: 1 });
    }
    const p = pending.get(key);
    if (!p) {
      return core.send(res, 404, { OK: 0, message: '上传任务不存在' });
    }
    if (req.headers['x-upos-auth'] !== p.auth) {
      return core.send(res, 403, { OK: 0, message: '上传凭据校验失败' });
    }
    const q = url.searchParams;
    if (req.method === 'POST' && q.has('uploads')) {
      p.uploadId = hex(16);
      return core.send(res, 200, {
        OK: 1,
        bucket: key.split('/')[0],
        key: `/${key.split('/')[1]}`,
        upload_id: p.uploadId,
      });
    }
    if (q.get('uploadId') !== p.uploadId || !p.uploadId) {
      return core.send(res, 400, { OK: 0, message: '上传任务编号不正确' });
    }
    if (req.method === 'PUT') {
      if (core.switches().uploadStall) {
        return core.stall(req); // accepted, never read, never answered
      }
      // Decided on arrival, so an earlier upload still being read never takes a failure meant for this one.
      const fails = core.uploadFails();
      const body = await core.readBody(req, true);
      if (fails) {
        return core.send(res, 500, { OK: 0, message: '上传失败，请重试' });
      }
      const chunk = Number(q.get('chunk'));
      const [start, end, size, total] = ['start', 'end', 'size', 'total'].map((k) => Number(q.get(k)));
      const ok =
        Number(q.get('partNumber')) === chunk + 1 &&
        body.length === size &&
        end! - start! === size &&
        total === p.size &&
        end! <= p.size;
      if (!ok) {
        return core.send(res, 400, { OK: 0, message: '分片参数与数据不符' });
      }
      p.chunks.set(chunk, body);
      return core.send(res, 200, 'MULTIPART_PUT_SUCCESS');
    }
    if (req.method === 'POST') {
      const raw = (await core.readBody(req, false)).toString('utf8');
      let parts: unknown;
      try {
        parts = (JSON.parse(raw) as { parts?: unknown }).parts;
      } catch {
        parts = undefined;
      }
      const numbers = Array.isArray(parts) ? parts.map((x) => Number((x as { partNumber?: unknown }).partNumber)) : [];
      const chunks = numbers.map((n) => p.chunks.get(n - 1));
      const data = Buffer.concat(chunks.filter((c): c is Buffer => c !== undefined));
      if (numbers.length === 0 || chunks.includes(undefined) || data.length !== p.size) {
        return core.send(res, 400, { OK: 0, message: '分片不完整，无法合并' });
      }
      const stem =
        key
          .split('/')
          .pop()
          ?.replace(/\.\w+$/, '') ?? key;
      files.set(stem, {
        user: p.user,
        name: q.get('name') ?? p.name,
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        durationSec: mp4DurationSec(data),
        cid: p.bizId,
      });
      pending.delete(key);
      core.recordUpload(p.user, p.startedAt);
      return core.send(res, 200, { OK: 1, location: `upos://${key}`, bucket: key.split('/')[0], key: `/${stem}` });
    }
    return core.send(res, 405, { OK: 0, message: '不支持的请求' });
  }

  return {
    probe,
    preupload,
    upos,
    /** The assembled file add's `filename` names, if it is this account's. */
    file: (stem: string, user: string) => {
      const f = files.get(stem);
      return f && f.user === user ? f : undefined;
    },
    /** A file goes into one post only. */
    use: (stem: string) => files.delete(stem),
  };
}

export type UposApi = ReturnType<typeof uposApi>;
