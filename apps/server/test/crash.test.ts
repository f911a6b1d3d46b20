import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountApi, ACCOUNT_IMPORT_HEADERS } from '@vidmatrix/contract/api/enterprise-account';
import { MaterialExportApi } from '@vidmatrix/contract/api/material-export';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import { readXlsx, xlsxFile } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFixtures } from '@vidmatrix/fixtures';
import { discoverMediaTools } from '../src/media/ffmpeg-discovery.ts';
import { thumbKeyOf } from '../src/modules/upload/object-name.ts';
import { createTestApp, DEMO_PASSWORD, type TestContext } from './helpers.ts';
import { materialRow } from './material-rows.ts';
import { memberIdOf } from './publish-helpers.ts';
import { childEnv, start, type Child } from './server-process.ts';

// Issue 13 crash suite: the API is killed with SIGKILL in the middle of an upload, an account import,
// an export and a video's media job, then started again on the same data. Nothing may be half-written, the used space
// must equal what the member holds, and each interrupted piece of work can be finished afterwards.
// Every wait is on a condition (bytes on disk, rows in the database, a first chunk), never a sleep.

const CONDITION_MS = 120_000;

let ctx: TestContext;
let server: Child | undefined;
let base = '';
let token = '';
let demoId = 0;

function env(): Record<string, string> {
  return { ...childEnv(ctx, 'crash-test'), JOBS: 'off' };
}

/** Starts the API as a child process and signs in (a fresh token after every restart). */
async function startServer(childEnvironment: Record<string, string> = env()): Promise<void> {
  server = start('main.ts', childEnvironment);
  const listening = await server.waitFor((msg) => msg.startsWith('Server listening at'));
  base = String(listening.msg).replace('Server listening at ', '');
  const res = await fetch(`${base}/api/member.Login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo', password: DEMO_PASSWORD }),
  });
  token = ((await res.json()) as { data: { ApiToken: string } }).data.ApiToken;
}

/** SIGKILL: no shutdown hook, no flush, no rollback but the database's own. */
function kill(): Promise<void> {
  const child = server;
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    child.process.once('exit', () => resolve());
    child.process.kill('SIGKILL');
  });
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  withinMs = CONDITION_MS,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function api(url: string, init: RequestInit = {}) {
  return fetch(`${base}${url}`, { ...init, headers: { [TOKEN_HEADER]: token, ...(init.headers ?? {}) } });
}

/** The member's used space, and what it holds: registered materials plus finished uploads not yet registered. */
async function spaceAccount() {
  const used = await ctx.db
    .selectFrom('level_user')
    .select('space_storage')
    .where('member_id', '=', demoId)
    .executeTakeFirstOrThrow();
  const materials = await ctx.db
    .selectFrom('material')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.val(0)).as('total'))
    .where('member_id', '=', demoId)
    .executeTakeFirstOrThrow();
  const finished = await ctx.db
    .selectFrom('upload')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.val(0)).as('total'))
    .where('member_id', '=', demoId)
    .where('status', '=', 'finished')
    .executeTakeFirstOrThrow();
  return { used: Number(used.space_storage), held: Number(materials.total) + Number(finished.total) };
}

/** Files under a directory whose name contains `part` (the tus store's object and its metadata). */
function filesNamed(dir: string, part: string): string[] {
  if (!fs.existsSync(dir)) {
    return [];
  }
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.includes(part))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  // The in-process app only migrates and seeds; the server under test is the child process.
  ctx = await createTestApp({ jobs: 'off' });
  demoId = await memberIdOf(ctx.db, 'demo');
  await startServer();
}, 180_000);

afterAll(async () => {
  await kill();
  await ctx?.close();
}, 60_000);

describe('kill -9 of the API', () => {
  it('during an upload: the upload resumes after restart, and the used space is exact', async () => {
    const size = 6 * 1024 * 1024;
    // An MP4 header, so the finished upload passes the content check.
    const data = Buffer.alloc(size, 9);
    Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex').copy(data);
    const created = await api('/api/file.Upload/tus', {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(size),
        'upload-metadata': `filename ${Buffer.from('断电.mp4').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    const id = location.split('/').pop() ?? '';

    // Send the first megabyte, then hold the request open until the server has it on disk.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        controller.enqueue(data.subarray(0, 1024 * 1024));
        await held;
        controller.close();
      },
    });
    const patch = fetch(new URL(location, base), {
      method: 'PATCH',
      headers: {
        [TOKEN_HEADER]: token,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body,
      duplex: 'half',
    }).catch(() => null);
    const storageDir = path.join(ctx.config.dataDir, 'storage');
    await until('upload bytes on disk', () =>
      filesNamed(storageDir, id).some((file) => !file.endsWith('.json') && fs.statSync(file).size > 0),
    );
    await kill();
    release();
    await patch;

    await startServer();
    // Nothing charged for an unfinished upload.
    expect(await spaceAccount()).toMatchObject({ used: 0, held: 0 });
    const head = await api(location, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(size);
    const rest = await api(location, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: data.subarray(offset),
    });
    expect(rest.status).toBe(204);
    const added = (await (
      await api('/api/file.File/add', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'url', file_url: `media/${id}`, file_type: 'video', file_name: '断电.mp4' }),
      })
    ).json()) as { code: number; msg: string };
    expect(added.code, added.msg).toBe(200);
    expect(await spaceAccount()).toEqual({ used: size, held: size });
  }, 300_000);

  it('during an account import: the committed part is consistent with the quota count, and a re-import finishes', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => [`断电号${i}`, '', '抖音', '', '']);
    const file = await xlsxFile([[...ACCOUNT_IMPORT_HEADERS], ...rows]);
    const form = () => {
      const body = new FormData();
      body.append('file', new Blob([file]), '账号.xlsx');
      return body;
    };
    let answered = false;
    const pending = api(AccountApi.import, { method: 'POST', body: form() })
      .then(() => {
        answered = true;
      })
      .catch(() => null);
    const count = () =>
      ctx.db
        .selectFrom('enterprise_account')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', demoId)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    await until('a first import batch committed', async () => (await count()) > 0);
    expect(answered).toBe(false);
    await kill();
    await pending;

    await startServer();
    const accountNum = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('level_user')
            .select('account_num')
            .where('member_id', '=', demoId)
            .executeTakeFirstOrThrow()
        ).account_num,
      );
    const committed = await count();
    expect(await accountNum()).toBe(committed);
    const again = (await (await api(AccountApi.import, { method: 'POST', body: form() })).json()) as {
      code: number;
      data: { addCount: number; updateCount: number };
    };
    expect(again.code).toBe(200);
    expect(again.data.updateCount).toBe(committed);
    expect(await accountNum()).toBe(await count());
  }, 300_000);

  it('during an export: the next export after restart is whole', async () => {
    const now = Date.now();
    const total = 30_000;
    for (let at = 0; at < total; at += 1000) {
      await ctx.db
        .insertInto('material')
        .values(
          Array.from({ length: 1000 }, (_, i) =>
            materialRow({
              member_id: demoId,
              object_key: `media/crash-export-${at + i}.png`,
              file_name: `导出${at + i}.png`,
              size: 0,
              created_at: now,
              updated_at: now,
            }),
          ),
        )
        .execute();
    }
    const res = await api(MaterialExportApi.export);
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(first?.done).toBe(false);
    await kill();
    await reader?.cancel().catch(() => undefined);

    await startServer();
    const whole = await api(MaterialExportApi.export);
    const sheet = await readXlsx(Buffer.from(await whole.arrayBuffer()));
    // Header, the interrupted upload's material, and every inserted row.
    expect(sheet.length).toBe(1 + 1 + total);
    expect(await spaceAccount()).toMatchObject({ used: 6 * 1024 * 1024 });
  }, 300_000);

  it("during a video material's media job: the job finishes after restart, and the used space is exact", async () => {
    // The first server's ffmpeg holds every poster run at a gate the test never opens (the real
    // ffmpeg behind it), so the kill lands while the job runs, not before or after it.
    const gateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-ffmpeg-'));
    const tools = await discoverMediaTools(ctx.config, { info: () => undefined, warn: () => undefined });
    execFileSync('mkfifo', [path.join(gateDir, 'gate')]);
    const gated = path.join(gateDir, 'ffmpeg');
    fs.writeFileSync(
      gated,
      [
        '#!/bin/sh',
        'case " $* " in *" pipe:1 "*)',
        `  printf '%s\\n' "$*" > "${gateDir}/held-$$.tmp" && mv "${gateDir}/held-$$.tmp" "${gateDir}/held-$$"`,
        `  read _ < "${gateDir}/gate" ;;`,
        'esac',
        `exec "${tools.ffmpeg}" "$@"`,
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    const heldPids = () =>
      fs
        .readdirSync(gateDir)
        .filter((name) => /^held-\d+$/.test(name))
        .map((name) => ({ pid: Number(name.slice(5)), args: fs.readFileSync(path.join(gateDir, name), 'utf8') }));
    // One Redis prefix for both runs: with REDIS_URL, the restarted server's BullMQ must see the job.
    const jobsEnv = { ...childEnv(ctx, 'crash-media'), JOBS: 'on', FFPROBE_PATH: tools.ffprobe };
    await kill();
    await startServer({ ...jobsEnv, FFMPEG_PATH: gated });

    const before = await spaceAccount();
    const video = mediaFixtures().mp4;
    const created = await api('/api/file.Upload/tus', {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(video.length),
        'upload-metadata': `filename ${Buffer.from('海报.mp4').toString('base64')}`,
      },
    });
    const location = created.headers.get('location') ?? '';
    const uploaded = await api(location, {
      method: 'PATCH',
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: video,
    });
    expect(uploaded.status).toBe(204);
    const objectKey = `media/${location.split('/').pop() ?? ''}`;
    const added = (await (
      await api('/api/file.File/add', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'url', file_url: objectKey, file_name: '海报.mp4', file_type: 'video' }),
      })
    ).json()) as { code: number; msg: string; data: { file_id: number }[] };
    expect(added.code, added.msg).toBe(200);
    const materialId = added.data[0]?.file_id ?? 0;

    await until('the media job in its poster step', () => heldPids().some((held) => held.args.includes(objectKey)));
    await kill();
    // The held ffmpeg runs outlive the server they belonged to; they are this test's to end.
    for (const held of heldPids()) {
      try {
        process.kill(held.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    const material = () =>
      ctx.db
        .selectFrom('material')
        .select(['thumb_key', 'duration_ms', 'process_status'])
        .where('id', '=', materialId)
        .executeTakeFirstOrThrow();
    expect(await material()).toMatchObject({ thumb_key: '', process_status: 'pending' });

    await startServer(jobsEnv);
    // The dead process's claim lapses (the job lease, 30 s; BullMQ's stalled check), then it runs again.
    const done = await until(
      'the media job finished after restart',
      async () => {
        const row = await material();
        return row.process_status === 'done' ? row : undefined;
      },
      240_000,
    );
    expect(done.thumb_key).toBe(thumbKeyOf(objectKey));
    expect(Number(done.duration_ms)).toBeGreaterThan(1500);
    expect(Number(done.duration_ms)).toBeLessThan(2500);
    const poster = await api(`/storage/${done.thumb_key}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect(await spaceAccount()).toEqual({ used: before.used + video.length, held: before.held + video.length });
    fs.rmSync(gateDir, { recursive: true, force: true });
  }, 420_000);
});
