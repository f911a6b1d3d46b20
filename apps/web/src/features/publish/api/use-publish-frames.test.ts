import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { BatchInfoResult, PublishJobView } from '@vidmatrix/contract/api/publish';
import { publishKeys } from './publish-keys.ts';
import { applyPublishFrame } from './use-publish-frames.ts';

const job = (id: number, state: PublishJobView['state']): PublishJobView => ({
  job_id: id,
  material_id: 1,
  file_name: 'a.mp4',
  enterprise_account_id: id,
  nickname: 'n',
  platform: 'douyin',
  state,
  percent: 0,
  run_at: 0,
  attempts: 1,
  work_id: '',
  link: '',
  review_state: '',
  submit_clicked: false,
  error_reason: '',
  error_text: '',
  screenshot_url: '',
  action: null,
});

function cached(client: QueryClient): BatchInfoResult {
  const info: BatchInfoResult = {
    batch: {
      batch_id: 3,
      title: 't',
      video_count: 1,
      account_count: 2,
      job_count: 2,
      states: { uploading: 1, queued: 1 },
      create_time: '',
    },
    jobs: [job(1, 'uploading'), job(2, 'queued')],
  };
  client.setQueryData(publishKeys.batch(3), info);
  return info;
}

const frame = (jobId: number, state: string, percent: number) => ({
  batch_id: 3,
  job_id: jobId,
  state,
  percent,
  text: '',
  seq: 1,
});

describe('applyPublishFrame', () => {
  it('moves the upload percent in place while the state stays', () => {
    const client = new QueryClient();
    cached(client);
    applyPublishFrame(client, frame(1, 'uploading', 55));
    const info = client.getQueryData<BatchInfoResult>(publishKeys.batch(3));
    expect(info?.jobs.map((j) => j.percent)).toEqual([55, 0]);
    expect(client.getQueryState(publishKeys.batch(3))?.isInvalidated).toBe(false);
  });

  it('refetches the batch when a job changes state (link, error and hand-off come with it)', () => {
    const client = new QueryClient();
    cached(client);
    applyPublishFrame(client, frame(2, 'published', 100));
    expect(client.getQueryState(publishKeys.batch(3))?.isInvalidated).toBe(true);
  });
});
