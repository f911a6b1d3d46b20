import { Card, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { AiLeadAccount } from '@vidmatrix/contract/api/reply-rule';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { useOverview } from '../api/get-overview.ts';

const COLUMNS: ColumnType<AiLeadAccount>[] = [
  { title: '账号', dataIndex: 'nickname', render: (name: string, a) => `${a.platform_name} · ${name}` },
  {
    title: '采集',
    dataIndex: 'harvesting',
    width: 90,
    render: (on: boolean) => (on ? <Tag color="success">已开启</Tag> : <Tag>已关闭</Tag>),
  },
  { title: '最近读取', dataIndex: 'last_read', width: 170, render: (t: string) => t || '尚未读取' },
  { title: '今日读取', dataIndex: 'items_today', width: 90 },
  { title: '发现线索', dataIndex: 'leads', width: 90 },
  { title: '已回复', dataIndex: 'replies_sent', width: 90 },
  {
    title: '授权',
    dataIndex: 'needs_reauth',
    width: 110,
    render: (expired: boolean) => (expired ? <Tag color="warning">需重新授权</Tag> : <Tag color="success">正常</Tag>),
  },
];

/** Per account: harvesting, last read, items today, leads, replies sent, and re-authorization. */
export function LeadOverview() {
  const { data, isFetching } = useOverview();
  const waiting = data?.waiting_approval ?? 0;
  return (
    <Card
      size="small"
      title="各账号获客情况"
      extra={waiting > 0 ? <Tag color="warning" data-testid="waiting-approval">{`${waiting} 条回复待审核`}</Tag> : null}
    >
      <ResponsiveTable<AiLeadAccount>
        rowKey="enterprise_account_id"
        size="small"
        columns={COLUMNS}
        dataSource={data?.accounts ?? []}
        loading={isFetching}
        pagination={false}
        data-testid="lead-overview"
      />
    </Card>
  );
}
