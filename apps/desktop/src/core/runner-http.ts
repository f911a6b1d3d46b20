import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { PUBLISH_PLATFORMS } from '@vidmatrix/contract/rules/publish-rules';
import type { DesktopSession } from '@vidmatrix/contract/desktop-api';
import type { PublishJob } from '@vidmatrix/publisher/types';
import { createCaller } from './api-client.ts';
import type { RunnerApi } from './runner-loop.ts';
import type { RunnerTokenIssuer } from './task-sync.ts';

/**
 * Proposed paths of the server's publish module (not built yet): the shell registers itself as a
 * runner with the member's token, then claims with the runner token. Align with the server when it lands.
 */
export const RunnerPath = {
  register: '/api/publish.Runner/register',
  revoke: '/api/publish.Runner/revoke',
  claim: '/api/publish.Runner/claim',
  phase: '/api/publish.Runner/phase',
  progress: '/api/publish.Runner/progress',
  submitting: '/api/publish.Runner/submitting',
  finish: '/api/publish.Runner/finish',
} as const;

/** Header that carries the runner token (the member token stays with the page). */
export const RUNNER_TOKEN_HEADER = 'runnerToken';

/** Issues and revokes runner tokens with the member's own token. */
export function httpTokenIssuer(serverUrl: string, runnerName: string): RunnerTokenIssuer {
  return {
    async issue(session: DesktopSession) {
      const call = createCaller({ serverUrl, memberToken: () => session.memberToken });
      const { runner_token } = await call('POST', RunnerPath.register, z.object({ runner_token: z.string().min(1) }), {
        name: runnerName,
      });
      return runner_token;
    },
    async revoke(runnerToken: string, session: DesktopSession) {
      const call = createCaller({ serverUrl, memberToken: () => session.memberToken });
      await call('POST', RunnerPath.revoke, z.unknown(), { runner_token: runnerToken });
    },
  };
}

/** A claimed job as the server hands it out: the account by id, the media by URL (proposed shape). */
export const claimedJob = z.object({
  id: z.string().min(1),
  platform: z.enum(PUBLISH_PLATFORMS),
  enterprise_account_id: z.number().int().positive(),
  video_url: z.string().min(1),
  cover_url: z.string().optional(),
  title: z.string(),
  description: z.string(),
  topics: z.array(z.string()),
  schedule_at: z.number().int().optional(),
});
export type ClaimedJob = z.infer<typeof claimedJob>;

async function download(url: string, file: string, doFetch: typeof fetch): Promise<void> {
  const response = await doFetch(url);
  if (!response.ok || !response.body) {
    throw new Error(`download ${url} answered ${response.status}`);
  }
  await pipeline(Readable.fromWeb(response.body), createWriteStream(file));
}

/** Turns a claimed job into publisher's job: media downloaded into the work folder, the account's own profile. */
export async function prepareJob(
  claimed: ClaimedJob,
  options: { serverUrl: string; workDir: string; profileDir: (id: number) => string; fetch?: typeof fetch },
): Promise<PublishJob> {
  const doFetch = options.fetch ?? fetch;
  const dir = join(options.workDir, claimed.id.replace(/[^\w-]/g, '_'));
  await mkdir(dir, { recursive: true });
  const videoUrl = new URL(claimed.video_url, options.serverUrl);
  const videoPath = join(dir, `video${extname(videoUrl.pathname) || '.mp4'}`);
  await download(videoUrl.toString(), videoPath, doFetch);
  let coverPath: string | undefined;
  if (claimed.cover_url) {
    const coverUrl = new URL(claimed.cover_url, options.serverUrl);
    coverPath = join(dir, `cover${extname(coverUrl.pathname) || '.png'}`);
    await download(coverUrl.toString(), coverPath, doFetch);
  }
  return {
    id: claimed.id,
    platform: claimed.platform,
    account: {
      id: String(claimed.enterprise_account_id),
      profileDir: options.profileDir(claimed.enterprise_account_id),
    },
    videoPath,
    coverPath,
    title: claimed.title,
    description: claimed.description,
    topics: claimed.topics,
    scheduleAt: claimed.schedule_at,
  };
}

/** The runner API over HTTP, authenticated by the runner token. */
export function httpRunnerApi(
  serverUrl: string,
  runnerToken: string,
  toJob: (claimed: ClaimedJob) => Promise<PublishJob>,
): RunnerApi {
  const call = createCaller({ serverUrl, memberToken: () => runnerToken, header: RUNNER_TOKEN_HEADER });
  return {
    async claim() {
      const data = await call('POST', RunnerPath.claim, z.object({ job: claimedJob.nullable() }));
      return data.job === null ? undefined : toJob(data.job);
    },
    async phase(jobId, phase) {
      return call('POST', RunnerPath.phase, z.object({ cancelled: z.boolean() }), { job_id: jobId, phase });
    },
    async progress(jobId, percent, text) {
      await call('POST', RunnerPath.progress, z.unknown(), { job_id: jobId, percent, text });
    },
    async markSubmitting(jobId) {
      await call('POST', RunnerPath.submitting, z.unknown(), { job_id: jobId });
    },
    async finish(jobId, result) {
      await call('POST', RunnerPath.finish, z.unknown(), { job_id: jobId, result: JSON.stringify(result) });
    },
  };
}
