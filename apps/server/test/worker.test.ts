import type { LoginResult } from '@vidmatrix/contract/api/auth';
import type { Material, UploadedFile } from '@vidmatrix/contract/api/material';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestContext } from './helpers.ts';
import { mediaFixtures } from '@vidmatrix/fixtures';
import { childEnv, start, stop, type Child } from './server-process.ts';

/** Longest the media job may take on a busy machine once both processes are up; returns as soon as it is done. */
const DEADLINE_MS = 120_000;

describe('an API with JOBS=off and a separate worker process', () => {
  let ctx: TestContext;
  let api: Child | undefined;
  let worker: Child | undefined;

  beforeAll(async () => {
    // This in-process app only prepares the database (migrated, seeded); it runs no jobs either.
    ctx = await createTestApp({ jobs: 'off' });
  });

  afterAll(async () => {
    await Promise.all([stop(api), stop(worker)]);
    await ctx.close();
  });

  it('turns an uploaded video into a material with a poster and a duration', async () => {
    const env = childEnv(ctx, 'worker-test');
    api = start('main.ts', { ...env, JOBS: 'off' });
    worker = start('worker.ts', env);
    const listening = await api.waitFor((msg) => msg.startsWith('Server listening at'));
    const base = String(listening.msg).replace('Server listening at ', '');
    await worker.waitFor((msg) => msg === 'Worker ready');

    const login = (await (
      await fetch(`${base}/api/member.Login/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'demo', password: DEMO_PASSWORD }),
      })
    ).json()) as { data: LoginResult };
    const headers = { [TOKEN_HEADER]: login.data.ApiToken };

    const { mp4 } = mediaFixtures();
    const form = new FormData();
    form.append('type', 'upl');
    form.append('file_type', 'video');
    form.append('file', new Blob([mp4], { type: 'video/mp4' }), 'clip.mp4');
    const added = (await (
      await fetch(`${base}/api/file.File/add`, { method: 'POST', headers, body: form })
    ).json()) as { code: number; data: UploadedFile };
    expect(added.code).toBe(200);

    const deadline = Date.now() + DEADLINE_MS;
    let material: Material | undefined;
    for (;;) {
      const info = (await (
        await fetch(`${base}/api/file.File/info?file_id=${added.data.file_id}`, { method: 'POST', headers })
      ).json()) as { data: Material };
      material = info.data;
      if (material.process_status !== 'pending' || Date.now() > deadline) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(material.process_status, worker.output()).toBe('done');
    expect(material.thumb_url).toMatch(/\.jpg$/);
    expect(material.duration).toBeGreaterThan(1.5);
    expect(material.duration).toBeLessThan(2.5);
    const poster = await fetch(new URL(material.thumb_url, base));
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
  }, 330_000);
});
