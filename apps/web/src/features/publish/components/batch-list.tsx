import { useState, type HTMLAttributes } from 'react';
import { Button, Progress, Space, Tag } from 'antd';
import type { BatchSummary } from '@vidmatrix/contract/api/publish';
import { isPublishState } from '@vidmatrix/contract/rules/publish-state';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { useBatches } from '../api/get-batches.ts';
import { batchProgress, STATE_LABEL } from './publish-labels.ts';

const PAGE_SIZE = 10;

/** 发布记录: the member's batches with a live progress bar each (frames refresh the counts). */
export function BatchList(props: { onOpen: (batchId: number) => void; onCreate: () => void }) {
  const [page, setPage] = useState(1);
  const batches = useBatches(page, PAGE_SIZE);
  return (
    <ResponsiveTable<BatchSummary>
      rowKey="batch_id"
      loading={batches.isLoading}
      dataSource={batches.data?.list ?? []}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: batches.data?.count ?? 0, onChange: setPage }}
      rowActions={(b) => [{ key: 'open', label: '查看', onClick: () => props.onOpen(b.batch_id) }]}
      empty={
        <EmptyState
          title="批量发布把视频一次发到多个账号"
          description="选择视频和账号，填写标题与话题，即可按计划发布；每次发布的进度都记录在这里。"
          action={
            <Button type="primary" onClick={props.onCreate} data-testid="empty-new-batch">
              新建发布
            </Button>
          }
        />
      }
      onRow={(row) => ({ 'data-testid': `batch-row-${row.batch_id}` }) as HTMLAttributes<HTMLElement>}
      columns={[
        { title: '标题', dataIndex: 'title', render: (title: string) => title || '（每个视频单独文案）' },
        { title: '视频 × 账号', render: (_, b) => `${b.video_count} × ${b.account_count}` },
        {
          title: '进度',
          width: 260,
          render: (_, b) => {
            const p = batchProgress(b.states, b.job_count);
            return (
              <Space>
                <Progress
                  size="small"
                  style={{ width: 140 }}
                  percent={p.percent}
                  success={{ percent: p.successPercent }}
                  status={p.bad > 0 ? 'exception' : undefined}
                  showInfo={false}
                />
                <span data-testid={`batch-progress-${b.batch_id}`}>
                  {p.done}/{b.job_count}
                </span>
              </Space>
            );
          },
        },
        {
          title: '状态',
          render: (_, b) => (
            <Space size={[4, 4]} wrap>
              {Object.entries(b.states).map(([state, n]) =>
                isPublishState(state) ? (
                  <Tag key={state} color={STATE_LABEL[state].color}>
                    {STATE_LABEL[state].text} {n}
                  </Tag>
                ) : null,
              )}
            </Space>
          ),
        },
        { title: '创建时间', dataIndex: 'create_time', width: 170 },
      ]}
    />
  );
}
