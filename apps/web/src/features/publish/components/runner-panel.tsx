import { useState } from 'react';
import { Alert, Badge, Button, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { RunnerCreateResult, RunnerView } from '@vidmatrix/contract/api/publish';
import { PUBLISH_TEXT_MAX } from '@vidmatrix/contract/api/publish';
import { Msg } from '@vidmatrix/contract/messages';
import { notifyError } from '../../../lib/notify.ts';
import { useRunners } from '../api/get-runners.ts';
import { useCreateRunner, useRevokeRunner } from '../api/publish-mutations.ts';

/** 发布器: the member's runners (online, version, accounts held, last heartbeat); create a token, revoke one. */
export function RunnerPanel() {
  const runners = useRunners();
  const create = useCreateRunner();
  const revoke = useRevokeRunner();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<RunnerCreateResult | null>(null);

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

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="runner-panel">
      <Alert
        type="info"
        showIcon
        message="发布器在您的电脑或服务器上运行浏览器完成发布。客户端登录后自动使用本机发布器；服务器上用令牌运行 npm run runner。"
      />
      <Button type="primary" onClick={() => setNaming(true)} data-testid="runner-create">
        新建发布器令牌
      </Button>
      <Table<RunnerView>
        rowKey="runner_id"
        loading={runners.isLoading}
        dataSource={runners.data?.list ?? []}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'name' },
          {
            title: '状态',
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
          { title: '版本', dataIndex: 'version', render: (v: string) => v || '-' },
          { title: '持有账号', render: (_, r) => `${r.accounts_held.length} 个` },
          { title: '最后心跳', dataIndex: 'last_heartbeat', render: (v: string) => v || '从未连接' },
          { title: '创建时间', dataIndex: 'create_time' },
          {
            title: '操作',
            render: (_, r) =>
              r.revoked ? null : (
                <Popconfirm
                  title="吊销后该发布器不能再领取任务，确定吊销？"
                  onConfirm={() => revoke.mutate(r.runner_id)}
                >
                  <Button size="small" danger>
                    吊销
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
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
          在服务器上运行：RUNNER_SERVER_URL={window.location.origin} RUNNER_TOKEN=令牌 npm run runner
        </Typography.Paragraph>
      </Modal>
    </Space>
  );
}
