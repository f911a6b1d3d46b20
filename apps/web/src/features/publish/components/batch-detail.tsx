import { useMemo } from 'react';
import { Button, Card, Descriptions, Popconfirm, Progress, Space, Table, Typography } from 'antd';
import type { PublishJobView } from '@vidmatrix/contract/api/publish';
import { useBatch } from '../api/get-batch.ts';
import { useBatchJobsAction } from '../api/publish-mutations.ts';
import { JobCell } from './job-cell.tsx';
import { batchProgress, isFinal, PLATFORM_LABEL } from './publish-labels.ts';

interface VideoRow {
  material_id: number;
  file_name: string;
  jobs: Map<number, PublishJobView>;
}

/** Matrix column widths, px: the video names, and each account's cells (five fit at 1440 px). */
const VIDEO_COLUMN_PX = 160;
const ACCOUNT_COLUMN_PX = 180;

/** The batch page: summary, cancel and re-post, and the video × account matrix (live over the socket). */
export function BatchDetail(props: { batchId: number; onBack: () => void }) {
  const batch = useBatch(props.batchId);
  const cancel = useBatchJobsAction('cancel');
  const retry = useBatchJobsAction('retryFailed');
  const jobs = useMemo(() => batch.data?.jobs ?? [], [batch.data]);

  const { rows, accounts } = useMemo(() => {
    const byVideo = new Map<number, VideoRow>();
    const byAccount = new Map<number, PublishJobView>();
    for (const job of jobs) {
      const row = byVideo.get(job.material_id) ?? {
        material_id: job.material_id,
        file_name: job.file_name,
        jobs: new Map(),
      };
      row.jobs.set(job.enterprise_account_id, job);
      byVideo.set(job.material_id, row);
      if (!byAccount.has(job.enterprise_account_id)) {
        byAccount.set(job.enterprise_account_id, job);
      }
    }
    return { rows: [...byVideo.values()], accounts: [...byAccount.values()] };
  }, [jobs]);

  const summary = batch.data?.batch;
  const progress = summary ? batchProgress(summary.states, summary.job_count) : null;
  const failed = jobs.filter((j) => j.state === 'failed').length;
  const open = jobs.filter((j) => !isFinal(j.state)).length;

  return (
    <Card
      loading={batch.isLoading}
      title={
        <Space>
          <Button size="small" onClick={props.onBack}>
            返回
          </Button>
          <span>发布详情：{summary?.title || `批次 ${props.batchId}`}</span>
        </Space>
      }
      extra={
        <Space>
          <Button
            disabled={failed === 0}
            loading={retry.isPending}
            onClick={() => retry.mutate({ batch_id: props.batchId })}
            data-testid="retry-failed"
          >
            重发失败（{failed}）
          </Button>
          <Popconfirm title="取消所有尚未提交的任务？" onConfirm={() => cancel.mutate({ batch_id: props.batchId })}>
            <Button danger disabled={open === 0} loading={cancel.isPending} data-testid="cancel-batch">
              取消未完成
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      {summary && progress && (
        <Descriptions size="small" column={4} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="视频">{summary.video_count}</Descriptions.Item>
          <Descriptions.Item label="账号">{summary.account_count}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{summary.create_time}</Descriptions.Item>
          <Descriptions.Item label="进度">
            <Space>
              <Progress
                size="small"
                style={{ width: 140 }}
                percent={progress.percent}
                success={{ percent: progress.successPercent }}
                showInfo={false}
              />
              <span data-testid="detail-progress">
                {progress.done}/{summary.job_count}
              </span>
            </Space>
          </Descriptions.Item>
        </Descriptions>
      )}
      <Table<VideoRow>
        size="small"
        bordered
        rowKey="material_id"
        pagination={false}
        // Fixed column widths and a table width from them: five accounts fit beside the menu at 1440 px;
        // more scroll sideways within the card ('max-content' let wide cell text push it past the page).
        scroll={{ x: VIDEO_COLUMN_PX + accounts.length * ACCOUNT_COLUMN_PX }}
        tableLayout="fixed"
        dataSource={rows}
        data-testid="batch-matrix"
        columns={[
          {
            title: '视频',
            fixed: 'left',
            width: VIDEO_COLUMN_PX,
            render: (_, row) => <Typography.Text strong>{row.file_name}</Typography.Text>,
          },
          ...accounts.map((a) => ({
            key: a.enterprise_account_id,
            title: (
              <Space direction="vertical" size={0}>
                <span>{a.nickname}</span>
                <Typography.Text type="secondary">{PLATFORM_LABEL[a.platform]}</Typography.Text>
              </Space>
            ),
            width: ACCOUNT_COLUMN_PX,
            render: (_: unknown, row: VideoRow) => {
              const job = row.jobs.get(a.enterprise_account_id);
              return job ? <JobCell job={job} batchId={props.batchId} /> : null;
            },
          })),
        ]}
      />
    </Card>
  );
}
