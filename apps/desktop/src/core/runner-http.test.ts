import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobResult } from '@vidmatrix/publisher/types';
import { httpRunnerApi, httpTokenIssuer, prepareJob, RunnerPath, RUNNER_TOKEN_HEADER } from './runner-http.ts';
import { body, envelope, startTestServer } from './test-server.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

const claimed = {
  id: 'job-1',
  platform: 'douyin' as const,
  enterprise_account_id: 9,
  video_url: '/storage/media/v.mp4',
  cover_url: '/storage/media/c.png',
  title: '标题',
  description: '描述',
  topics: ['话题'],
};

describe('runner over HTTP', () => {
  it('registers with the member token and claims, reports and finishes with the runner token', async () => {
    const server = await startTestServer({
      [`POST ${RunnerPath.register}`]: envelope({ runner_token: 'rt-1' }),
      [`POST ${RunnerPath.claim}`]: envelope({ job: claimed }),
      [`POST ${RunnerPath.phase}`]: envelope({ cancelled: true }),
      [`POST ${RunnerPath.finish}`]: envelope({}),
    });
    close = server.close;
    const token = await httpTokenIssuer(server.url, 'desktop-win32').issue({ memberId: 1, memberToken: 'mt' });
    expect(token).toBe('rt-1');
    expect(server.requests[0]?.headers.membertoken).toBe('mt');

    const api = httpRunnerApi(server.url, token, (c) => Promise.resolve({ ...c, marker: true } as never));
    expect(await api.claim()).toMatchObject({ id: 'job-1', marker: true });
    expect(await api.phase('job-1', 'uploading')).toEqual({ cancelled: true });
    const result: JobResult = { outcome: 'published', phase: 'verifying', submitClicked: true, connectorVersion: '1' };
    await api.finish('job-1', result);
    const runnerCalls = server.requests.slice(1);
    expect(runnerCalls.map((r) => r.headers[RUNNER_TOKEN_HEADER.toLowerCase()])).toEqual(['rt-1', 'rt-1', 'rt-1']);
    expect(runnerCalls.every((r) => r.headers.membertoken === undefined)).toBe(true);
    expect(runnerCalls[1]?.body).toEqual({ job_id: 'job-1', phase: 'uploading' });
  });

  it('answers no job when none is due, and refuses a malformed claim', async () => {
    let job: unknown = null;
    const server = await startTestServer({ [`POST ${RunnerPath.claim}`]: (req, res) => envelope({ job })(req, res) });
    close = server.close;
    const api = httpRunnerApi(server.url, 'rt', () => Promise.reject(new Error('not called')));
    expect(await api.claim()).toBeUndefined();
    job = { id: 'x', platform: 'myspace' };
    await expect(api.claim()).rejects.toThrow();
  });

  it('prepares a claimed job: media downloaded, the account’s own profile', async () => {
    const server = await startTestServer({
      'GET /storage/media/v.mp4': body('video-bytes'),
      'GET /storage/media/c.png': body('cover-bytes'),
    });
    close = server.close;
    const workDir = await mkdtemp(join(tmpdir(), 'jobs-'));
    const job = await prepareJob(claimed, { serverUrl: server.url, workDir, profileDir: (id) => `/profiles/${id}` });
    expect(job).toMatchObject({
      id: 'job-1',
      platform: 'douyin',
      account: { id: '9', profileDir: '/profiles/9' },
      topics: ['话题'],
    });
    expect(await readFile(job.videoPath, 'utf8')).toBe('video-bytes');
    expect(await readFile(job.coverPath ?? '', 'utf8')).toBe('cover-bytes');
    expect(job.videoPath.startsWith(workDir)).toBe(true);
  });
});
