import { useState } from 'react';
import { Alert, Badge, Button, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { RunnerCreateResult, RunnerView } from '@vidmatrix/contract/api/publish';
import { PUBLISH_TEXT_MAX } from '@vidmatrix/contract/api/publish';
import { Msg } from '@vidmatrix/contract/messages';
import { DRIFT_STATE_TEXT, driftText, type DriftState } from '@vidmatrix/contract/rules/drift';
import { useRunners } from '../../../api/runner/get-runners.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useCreateRunner, useRevokeRunner } from '../api/publish-mutations.ts';
import { PLATFORM_LABEL } from './publish-labels.ts';

/** The antd tag colour of each drift verdict. */
const DRIFT_COLOR: Record<DriftState, string> = { ok: 'success', changed: 'error', unchecked: 'default' };

/** The columns both tables share: state, the member's jobs it runs now, the drift check, last seen. */
function stateColumns(): ColumnsType<RunnerView> {
  return [
    {
      title: '状态',
      key: 'state',
      render: (_, r) =>
        r.revoked ? (
          <Tag>已吊销</Tag>
        ) : (
          <Badge
            status={r.online ? 'success' : 'default'}
            text={<span data-testid={`runner-status-${r.runner_id}`}>{r.online ? '在线' : '离线'}</span>}
          />
        ),
    },
    {
      title: '正在发布',
      key: 'busy',
      render: (_, r) =>
        r.busy.length === 0 ? (
          <Typography.Text type="secondary">空闲</Typography.Text>
        ) : (
          <Space direction="vertical" size={0} data-testid={`runner-busy-${r.runner_id}`}>
            {r.busy.map((job) => (
              <span key={job.job_id}>
                {job.nickname ? `${job.nickname}：` : ''}
                {job.title || `任务 ${job.job_id}`}
              </span>
            ))}
          </Space>
        ),
    },
    {
      // The runner's last drift check of each platform's pages: 正常 / 页面已变化（缺少：…）/ 未检查.
      title: '页面检查',
      key: 'drift',
      render: (_, r) =>
        r.drift.length === 0 ? (
          <Typography.Text type="secondary">{DRIFT_STATE_TEXT.unchecked}</Typography.Text>
        ) : (
          <Space direction="vertical" size={2} data-testid={`runner-drift-${r.runner_id}`}>
            {r.drift.map((d) => (
              <span key={d.platform}>
                {PLATFORM_LABEL[d.platform]}：<Tag color={DRIFT_COLOR[d.state]}>{driftText(d.state, d.missing)}</Tag>
              </span>
            ))}
            <Typography.Text type="secondary">
              检查于 {r.drift.map((d) => d.checked_at).reduce((a, b) => (a > b ? a : b))}
            </Typography.Text>
          </Space>
        ),
    },
    { title: '最后心跳', dataIndex: 'last_heartbeat', render: (v: string) => v || '从未连接' },
    { title: '版本', dataIndex: 'version', render: (v: string) => v || '-' },
  ];
}

/**
 * 发布器: the server runners that serve the member (when the level includes them) and the member's
 * own runners (desktop client, or a token for one an operator runs), each with its state, the
 * member's jobs it runs now and the drift check; create a token, revoke one.
 */
export function RunnerPanel() {
  const runners = useRunners();
  const create = useCreateRunner();
  const revoke = useRevokeRunner();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<RunnerCreateResult | null>(null);
  const list = runners.data?.list ?? [];
  const servers = list.filter((r) => r.kind === 'server');
  const own = list.filter((r) => r.kind === 'member');
  const availability = runners.data?.availability;

  const handleCreate = () => {
    if (!name.trim()) {
      notifyError(Msg.runnerNameRequired);
      return;
    }
    create.mutate(name.trim(), {
      onSuccess: (result) => {
        setNaming(false);
        setName('');
        setCreated(result);
      },
    });
  };

  const serverColumns: ColumnsType<RunnerView> = [
    { title: '名称', key: 'name', render: (_, r) => `服务器发布器 ${servers.indexOf(r) + 1}` },
    ...stateColumns(),
  ];
  const ownColumns: ColumnsType<RunnerView> = [
    { title: '名称', dataIndex: 'name' },
    ...stateColumns(),
    { title: '创建时间', dataIndex: 'create_time' },
    {
      title: '操作',
      key: 'action',
      render: (_, r) =>
        r.revoked ? null : (
          <Popconfirm title="吊销后该发布器不能再领取任务，确定吊销？" onConfirm={() => revoke.mutate(r.runner_id)}>
            <Button size="small" danger>
              吊销
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="runner-panel">
      <Alert
        type="info"
        showIcon
        message="发布器用浏览器替您扫码授权账号、发布视频。服务器发布器由平台运行；桌面客户端登录后，您的电脑也是一台发布器。"
      />
      <section data-testid="server-runners">
        <Space wrap style={{ marginBottom: 8 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            服务器发布器
          </Typography.Title>
          {availability && servers.length > 0 && !availability.server_allowed ? (
            <Tag color="warning">当前会员等级不含</Tag>
          ) : null}
        </Space>
        <Table<RunnerView>
          rowKey="runner_id"
          size="small"
          loading={runners.isLoading}
          dataSource={servers}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '平台暂未运行服务器发布器' }}
          columns={serverColumns}
        />
      </section>
      <section data-testid="own-runners">
        <Space wrap style={{ marginBottom: 8 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            我的发布器
          </Typography.Title>
          <Button size="small" onClick={() => setNaming(true)} data-testid="runner-create">
            新建发布器令牌
          </Button>
        </Space>
        <Table<RunnerView>
          rowKey="runner_id"
          size="small"
          loading={runners.isLoading}
          dataSource={own}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '登录桌面客户端后，您的电脑会出现在这里' }}
          columns={ownColumns}
        />
      </section>
      <Modal
        open={naming}
        title="新建发布器令牌"
        confirmLoading={create.isPending}
        onOk={handleCreate}
        onCancel={() => setNaming(false)}
      >
        <Input
          placeholder="发布器名称，如：办公室服务器"
          maxLength={PUBLISH_TEXT_MAX.runnerName}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={handleCreate}
          data-testid="runner-name"
        />
      </Modal>
      <Modal
        open={created !== null}
        title="发布器令牌"
        footer={
          <Button type="primary" onClick={() => setCreated(null)}>
            我已保存
          </Button>
        }
        onCancel={() => setCreated(null)}
      >
        <Alert type="warning" showIcon message="令牌只显示这一次，请立即复制保存" style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: created?.token ?? '' }} code data-testid="runner-token">
          {created?.token}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          请把令牌交给为您运行发布器的管理员，发布器用它领取您的发布任务。
        </Typography.Paragraph>
      </Modal>
    </Space>
  );
}
