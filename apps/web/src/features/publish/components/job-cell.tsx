import { useState } from 'react';
import dayjs from 'dayjs';
import { Button, Image, Input, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import type { PublishJobView } from '@vidmatrix/contract/api/publish';
import { Msg } from '@vidmatrix/contract/messages';
import { isReviewState, REVIEW_STATE_TEXT } from '@vidmatrix/contract/rules/publish-result';
import { useScreenshot } from '../api/get-screenshot.ts';
import { useAnswerAction, useBatchJobsAction, useResolveUnconfirmed } from '../api/publish-mutations.ts';
import { reasonLabel, STATE_LABEL } from './publish-labels.ts';

/** The failure's screenshot, read through the member-checked route. */
function FailureScreenshot({ url }: { url: string }) {
  const src = useScreenshot(url);
  return src ? <Image src={src} width={120} alt="失败截图" data-testid="job-screenshot" /> : null;
}

const ACTION_TITLE = { sms: '请输入短信验证码', captcha: '请输入图形验证码', real_name: '请用手机扫码完成实名验证' };

/** The hand-off a job waits on: the prompt and picture, and the code typed (or 已扫码). */
function ActionAnswer({ job }: { job: PublishJobView }) {
  const answer = useAnswerAction();
  const [code, setCode] = useState('');
  const screenshot = useScreenshot(job.action?.image ? '' : (job.action?.screenshot_url ?? ''));
  const action = job.action;
  if (!action) {
    return null;
  }
  const image = action.image || screenshot;
  return (
    <Space direction="vertical" size={4} data-testid="job-action">
      <Typography.Text strong>{ACTION_TITLE[action.kind]}</Typography.Text>
      {action.prompt && action.prompt !== ACTION_TITLE[action.kind] && (
        <Typography.Text type="secondary">{action.prompt}</Typography.Text>
      )}
      {image && <Image src={image} width={120} alt="验证截图" />}
      {action.kind === 'real_name' ? (
        <Button
          size="small"
          type="primary"
          loading={answer.isPending}
          onClick={() => answer.mutate({ job_id: job.job_id, code: '' })}
        >
          已扫码
        </Button>
      ) : (
        <Space.Compact>
          <Input
            size="small"
            style={{ width: 110 }}
            placeholder="验证码"
            value={code}
            maxLength={64}
            onChange={(e) => setCode(e.target.value.trim())}
            data-testid="action-code"
          />
          <Button
            size="small"
            type="primary"
            loading={answer.isPending}
            onClick={() => answer.mutate({ job_id: job.job_id, code })}
            disabled={!code}
            data-testid="action-submit"
          >
            提交
          </Button>
        </Space.Compact>
      )}
    </Space>
  );
}

const REVIEW_COLOR = { reviewing: 'processing', published: 'success', scheduled: 'cyan', rejected: 'error' } as const;

/** The platform's review of a post it shows: 审核中 (read again later), 已发布 or 未通过. */
function ReviewState({ state }: { state: keyof typeof REVIEW_COLOR }) {
  return (
    <Space size={4}>
      <Typography.Text type="secondary">平台审核</Typography.Text>
      <Tag color={REVIEW_COLOR[state]} data-testid="job-review" data-review={state}>
        {REVIEW_STATE_TEXT[state]}
      </Tag>
    </Space>
  );
}

/** One cell of the video × account matrix: state, upload progress, link, or what went wrong and what to do. */
export function JobCell({ job, batchId }: { job: PublishJobView; batchId: number }) {
  const retry = useBatchJobsAction('retryFailed');
  const resolve = useResolveUnconfirmed();
  const label = STATE_LABEL[job.state];
  return (
    <Space direction="vertical" size={4} data-testid={`job-${job.job_id}`} data-state={job.state}>
      <Tag color={label.color} data-testid="job-state">
        {label.text}
      </Tag>
      {(job.state === 'uploading' || job.state === 'preparing') && (
        <Progress size="small" percent={Math.round(job.percent)} style={{ width: 120 }} />
      )}
      {job.state === 'scheduled' && (
        <Typography.Text type="secondary">{dayjs(job.run_at).format('YYYY-MM-DD HH:mm')}</Typography.Text>
      )}
      {job.link && (
        <Typography.Link href={job.link} target="_blank" rel="noreferrer" data-testid="job-link">
          查看作品
        </Typography.Link>
      )}
      {!job.link && (job.state === 'published' || job.state === 'platform_scheduled') && (
        // WeChat Channels and Kuaishou have no public page per work: the works list was the proof.
        <Typography.Text type="secondary" data-testid="job-no-link">
          {job.platform === 'channels' ? '视频号作品无公开链接' : '平台未提供作品链接'}
          {job.work_id ? `（作品ID ${job.work_id}）` : '，已在作品列表中核实'}
        </Typography.Text>
      )}
      {isReviewState(job.review_state) && <ReviewState state={job.review_state} />}
      {job.error_reason && job.state !== 'published' && job.state !== 'unconfirmed' && (
        <Typography.Text type="danger" data-testid="job-error">
          {reasonLabel(job.error_reason)}
          {job.error_text ? `：${job.error_text}` : ''}
        </Typography.Text>
      )}
      {job.screenshot_url && job.state !== 'published' && job.state !== 'needs_action' && (
        <FailureScreenshot url={job.screenshot_url} />
      )}
      {job.state === 'needs_action' && <ActionAnswer job={job} />}
      {job.state === 'failed' && (
        <Button
          size="small"
          loading={retry.isPending}
          onClick={() => retry.mutate({ batch_id: batchId, job_ids: [job.job_id] })}
        >
          重发
        </Button>
      )}
      {job.state === 'unconfirmed' && (
        <Space direction="vertical" size={4}>
          <Typography.Text type="warning">{Msg.publishUnconfirmed}</Typography.Text>
          <Space>
            <Button
              size="small"
              loading={resolve.isPending}
              onClick={() => resolve.mutate({ job_id: job.job_id, published: true })}
            >
              已发布
            </Button>
            <Popconfirm
              title="确认该视频没有发布到账号？之后可以重发"
              onConfirm={() => resolve.mutate({ job_id: job.job_id, published: false })}
            >
              <Button size="small" danger>
                未发布
              </Button>
            </Popconfirm>
          </Space>
        </Space>
      )}
    </Space>
  );
}
