import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClaimedJob, FinishBody } from '@vidmatrix/contract/api/publish';
import { Msg } from '@vidmatrix/contract/messages';
import { publishFailureText } from '@vidmatrix/contract/rules/publish-state';
import { makeTinyMp4, sandboxOptions, tempDir } from '../../test/support.ts';
import { lockProfile } from '../profile-lock.ts';
import { profileDirOf } from './auth-loop.ts';
import { runOne } from './run-one.ts';
import type { RunnerClient } from './runner-client.ts';

const claimed: ClaimedJob = {
  job_id: 41,
  verify_only: false,
  platform: 'douyin',
  enterprise_account_id: 7,
  ip_code: '',
  title: '新品到店',
  description: '',
  topics: [],
  file_name: 'tiny.mp4',
  video_url: '/uploads/tiny.mp4',
  cover_url: '',
  schedule_at: null,
  work_id: '',
  lease_ms: 60_000,
  verify_basis: { listed_ids: null, submitted_at: null },
  review_only: false,
};

describe('a job whose account profile another browser session holds', () => {
  it('reports profile_busy (a retry, in the member’s Chinese) and logs a line for the operator', async () => {
    const workDir = await tempDir('run-one-busy');
    const video = await makeTinyMp4(workDir);
    // Another session of this very process has the account's browser open (a login, a harvest pass).
    const held = lockProfile(profileDirOf(workDir, 'douyin', 7));
    const finished: FinishBody[] = [];
    const client = {
      download: async () => new Response(await readFile(video)),
      finish: (body: FinishBody) => {
        finished.push(body);
        return Promise.resolve('queued');
      },
    } as unknown as RunnerClient;
    const lines: { message: string; data?: Record<string, unknown> }[] = [];
    try {
      await runOne(
        client,
        claimed,
        new AbortController(),
        sandboxOptions('http://127.0.0.1:9', join(workDir, 'artefacts')),
        { serverUrl: 'http://127.0.0.1:9', token: 't', workDir },
        (message, data) => lines.push({ message, data }),
      );
    } finally {
      held.release();
    }

    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ job_id: 41, outcome: 'failed', submit_clicked: false });
    expect(finished[0]?.error?.reason).toBe('profile_busy');
    // What the member reads for it: the catalogue's Chinese sentence, not the runner's English message.
    expect(publishFailureText('profile_busy', finished[0]?.error?.page_text ?? '')).toBe(Msg.publishFailProfileBusy);

    const busy = lines.find((l) => l.message.startsWith('job not started'));
    expect(busy?.message).toContain('profile is in use by another browser session');
    expect(busy?.data).toMatchObject({
      job: 41,
      account: 7,
      profile: profileDirOf(workDir, 'douyin', 7),
      holder_pid: process.pid,
      holder_is_this_process: true,
    });
    expect(lines.map((l) => l.message)).toContain('job finished');
  });
});
