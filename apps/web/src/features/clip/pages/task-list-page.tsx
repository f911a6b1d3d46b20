import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Progress, Space, Tag, Typography } from 'antd';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { clipFormat, DEFAULT_CLIP_ASPECT, type ClipAspect } from '@vidmatrix/contract/api/clip-format';
import { clipModeName, type ClipModel, type ClipStatus, type ClipTaskSummary } from '@vidmatrix/contract/api/clip-task';
import { Msg } from '@vidmatrix/contract/messages';
import { useClipTaskAction } from '../api/clip-mutations.ts';
import { getClipTaskQueryOptions, useClipTask } from '../api/get-clip-task.ts';
import { useClipTasks } from '../api/get-clip-tasks.ts';
import { useClipProgress } from '../api/use-clip-progress.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ResponsiveTable, type RowAction } from '../../../components/responsive-table.tsx';
import { VideoPlayer } from '../components/preview-player.tsx';

const PAGE_SIZE = 10;

/** Status labels and colours of tasks and videos. */
const STATUS: Record<ClipStatus, { text: string; color: string }> = {
  queued: { text: '排队中', color: 'default' },
  running: { text: '剪辑中', color: 'processing' },
  done: { text: '已完成', color: 'success' },
  failed: { text: '有失败', color: 'error' },
  canceled: { text: '已取消', color: 'warning' },
};

/** /clip/TaskList (剪辑任务): tasks with live progress, their videos, retry, cancel and delete. */
export function ClipTaskListPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const tasks = useClipTasks(page, PAGE_SIZE);
  useClipProgress();
  const cancel = useClipTaskAction('cancel');
  const retry = useClipTaskAction('retry');
  const dele = useClipTaskAction('dele');
  const client = useQueryClient();

  // 去发布: the task's finished videos, chosen on the batch publishing page.
  const handlePublish = async (id: number) => {
    const task = await client.fetchQuery(getClipTaskQueryOptions(id));
    const ids = task.outputs.filter((o) => o.status === 'done' && o.material_id > 0).map((o) => o.material_id);
    await navigate(`${ConsolePath.batchPublish}?materials=${ids.join(',')}`);
  };

  const rowActions = (row: ClipTaskSummary): RowAction[] => [
    { key: 'open', label: '查看视频', onClick: () => setOpenId(openId === row.id ? null : row.id) },
    ...(row.done > 0
      ? [{ key: 'publish', label: '去发布', primary: true, onClick: () => void handlePublish(row.id) }]
      : []),
    ...(row.status === 'failed' || row.status === 'canceled'
      ? [{ key: 'retry', label: '重试失败', onClick: () => retry.mutate(row.id) }]
      : []),
    ...(row.status === 'queued' || row.status === 'running'
      ? [{ key: 'cancel', label: '取消', onClick: () => cancel.mutate(row.id) }]
      : []),
    {
      key: 'dele',
      label: '删除',
      danger: true,
      confirm: '删除任务？已生成的视频保留在素材库',
      onClick: () => dele.mutate(row.id),
    },
  ];

  return (
    <Card
      title="剪辑任务"
      extra={
        <Button type="primary" onClick={() => void navigate('/clip/AddTask')}>
          {Msg.clipNewTask}
        </Button>
      }
    >
      <ResponsiveTable<ClipTaskSummary>
        rowKey="id"
        rowActions={rowActions}
        loading={tasks.isLoading}
        dataSource={tasks.data?.list ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: tasks.data?.count ?? 0, onChange: setPage }}
        empty={
          <EmptyState
            title="剪辑任务把素材批量剪成新视频"
            description="选择剪辑模式和素材，一次生成多条不重复的视频，生成的视频自动存入素材库。"
            action={
              <Button type="primary" onClick={() => void navigate('/clip/AddTask')} data-testid="empty-new-task">
                {Msg.clipNewTask}
              </Button>
            }
          />
        }
        expandable={{
          expandedRowKeys: openId === null ? [] : [openId],
          onExpand: (open, row) => setOpenId(open ? row.id : null),
          expandedRowRender: (row) => <TaskOutputs id={row.id} />,
        }}
        columns={[
          { title: '任务名称', dataIndex: 'name' },
          {
            title: '剪辑模式',
            dataIndex: 'clip_model',
            render: (mode: number) => clipModeName[mode as ClipModel] ?? mode,
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (status: ClipStatus) => <Tag color={STATUS[status].color}>{STATUS[status].text}</Tag>,
          },
          {
            title: '进度',
            render: (_, row) => (
              <Space>
                <Progress
                  percent={row.total ? Math.round((row.done / row.total) * 100) : 0}
                  size="small"
                  style={{ width: 120 }}
                  showInfo={false}
                  status={row.failed ? 'exception' : undefined}
                />
                <span data-testid={`clip-progress-${row.id}`}>
                  {row.done}/{row.total}
                </span>
              </Space>
            ),
          },
          { title: '创建时间', dataIndex: 'created_at' },
        ]}
      />
    </Card>
  );
}

/** The aspect a task's videos were made in (its input's; tasks from before the choice are 9:16). */
function aspectOf(input: unknown): ClipAspect {
  const aspect = clipFormat.aspect.safeParse((input as { aspect?: unknown } | null)?.aspect);
  return (aspect.success ? aspect.data : undefined) ?? DEFAULT_CLIP_ASPECT;
}

/** The videos of a task as a grid; a finished one plays in the shared player. */
function TaskOutputs({ id }: { id: number }) {
  const task = useClipTask(id);
  const [playing, setPlaying] = useState<{ url: string; name: string; poster: string } | null>(null);
  if (!task.data) {
    return null;
  }
  if (task.data.outputs.length === 0) {
    return <Empty />;
  }
  const aspect = aspectOf(task.data.input);
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  // Landscape cards are wider, so their pictures are not smaller than a portrait card's.
  const column = w > h ? 240 : 160;
  return (
    <div
      data-testid="clip-outputs"
      data-aspect={aspect}
      style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, ${column}px)`, gap: 12 }}
    >
      {task.data.outputs.map((o) => (
        <Card
          key={o.id}
          size="small"
          hoverable={o.status === 'done'}
          data-testid="clip-output"
          onClick={() =>
            o.status === 'done' &&
            setPlaying({ url: o.file_url, name: `${task.data.name}-${o.index + 1}`, poster: o.thumb_url })
          }
          cover={
            // The whole frame in a box of the video's own shape: a shorter box cut off the title and subtitles,
            // and a portrait box showed square and landscape videos small between black bars.
            o.thumb_url ? (
              <img
                src={o.thumb_url}
                alt=""
                data-testid="clip-output-thumb"
                style={{ aspectRatio: `${w} / ${h}`, objectFit: 'contain', background: '#000' }}
              />
            ) : (
              <div style={{ aspectRatio: `${w} / ${h}`, background: '#f0f0f0' }} />
            )
          }
        >
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            <Typography.Text>第 {o.index + 1} 条</Typography.Text>
            {o.title && (
              <Typography.Text type="secondary" ellipsis data-testid="clip-output-title">
                标题：{o.title}
              </Typography.Text>
            )}
            <Tag color={STATUS[o.status].color}>{STATUS[o.status].text}</Tag>
            {o.status === 'running' && <Progress percent={Math.round(o.progress * 100)} size="small" />}
            {o.error && <Typography.Text type="danger">{o.error}</Typography.Text>}
          </Space>
        </Card>
      ))}
      <VideoPlayer video={playing} onClose={() => setPlaying(null)} />
    </div>
  );
}
