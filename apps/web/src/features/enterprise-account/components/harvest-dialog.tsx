import { Modal, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { HARVEST_STATE_LABEL, type HarvestAccountView } from '@vidmatrix/contract/api/harvest-work';
import { useHarvestAccounts, useSetHarvestEnabled } from '../../../api/harvest/get-harvest-accounts.ts';

const STATE_COLOR: Record<HarvestAccountView['state'], string> = {
  off: 'default',
  on: 'green',
  paused: 'orange',
  expired: 'red',
};

/**
 * 评论私信采集: per account, whether a runner reads its comments and private messages into 客户消息
 * (and sends the replies written there), with where it stands and why it paused.
 */
export function HarvestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const accounts = useHarvestAccounts(open);
  const setEnabled = useSetHarvestEnabled();
  const columns: TableColumnsType<HarvestAccountView> = [
    { title: '账号', dataIndex: 'nickname', ellipsis: true },
    { title: '平台', dataIndex: 'platform_name', width: 90 },
    {
      title: '采集评论私信',
      width: 120,
      render: (_, a) => (
        <Switch
          checked={a.enabled}
          loading={setEnabled.isPending && setEnabled.variables.accountId === a.enterprise_account_id}
          onChange={(enabled) => setEnabled.mutate({ accountId: a.enterprise_account_id, enabled })}
          aria-label={`采集 ${a.nickname}`}
          data-testid={`harvest-switch-${a.enterprise_account_id}`}
        />
      ),
    },
    {
      title: '状态',
      width: 110,
      render: (_, a) => <Tag color={STATE_COLOR[a.state]}>{HARVEST_STATE_LABEL[a.state]}</Tag>,
    },
    { title: '上次采集', dataIndex: 'last_read_at', width: 170, render: (v: string) => v || '—' },
    {
      title: '说明',
      dataIndex: 'notice',
      render: (v: string) => (v ? <Typography.Text type="warning">{v}</Typography.Text> : '—'),
    },
  ];
  return (
    <Modal open={open} title="评论私信采集" width={900} footer={null} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        开启后，发布器会定时读取该账号作品下的评论和私信，显示在客户消息中；在客户消息里的回复也由发布器在该账号上发出。
      </Typography.Paragraph>
      <Table
        rowKey="enterprise_account_id"
        size="small"
        loading={accounts.isPending}
        dataSource={accounts.data?.list ?? []}
        columns={columns}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
      />
    </Modal>
  );
}
