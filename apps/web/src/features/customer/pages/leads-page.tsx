import { useState } from 'react';
import { Button, Card, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import {
  LEAD_INTENT_LABEL,
  LEAD_KIND_LABEL,
  LEAD_STATUS_LABEL,
  MESSAGE_SOURCE_LABEL,
  leadStatus,
  type Lead,
  type LeadStatus,
} from '@vidmatrix/contract/api/customer';
import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '@vidmatrix/contract/constants';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { Msg } from '@vidmatrix/contract/messages';
import { PUBLISH_PLATFORM_NAMES, publishPlatformOf } from '@vidmatrix/contract/rules/publish-rules';
import { useNavigate } from 'react-router';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { exportLeads } from '../api/export-leads.ts';
import { useLeads } from '../api/get-leads.ts';
import { namedPageButtons } from '../../../components/table-pagination.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LeadStatusSelect } from '../components/lead-status-select.tsx';
import { TextLink } from '../../../components/text-link.tsx';

const KIND_COLOR = { phone: 'blue', wechat: 'green', qq: 'cyan' } as const;

/** Where a lead was first seen, in member words: 小红书 · 评论 · 春季新品 ('' for the webhook's). */
function sourceText(lead: Lead): string {
  const platform = publishPlatformOf(lead.platform_id);
  return [
    platform ? PUBLISH_PLATFORM_NAMES[platform] : '',
    lead.source ? MESSAGE_SOURCE_LABEL[lead.source] : '',
    lead.source === 'comment' ? lead.post_title : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The message on one line ending in …, the whole of it on hover: the column's ellipsis stops at its own line. */
const ONE_LINE = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

const COLUMNS: ColumnType<Lead>[] = [
  {
    title: '联系方式',
    dataIndex: 'contacts',
    // Wide enough for an 11-digit phone number on one line.
    width: 160,
    render: (contacts: Lead['contacts']) =>
      contacts.map((c) => (
        <div key={`${c.kind}:${c.value}`}>
          <Tag color={KIND_COLOR[c.kind]}>{LEAD_KIND_LABEL[c.kind]}</Tag>
          <strong>{c.value}</strong>
        </div>
      )),
  },
  { title: '意向', dataIndex: 'intent', width: 90, render: (intent: Lead['intent']) => LEAD_INTENT_LABEL[intent] },
  {
    title: '客户',
    dataIndex: 'customer_name',
    render: (_: string, lead) => (
      <TextLink to={`${ConsolePath.customerChat}?conversation_id=${lead.conversation_id}`}>
        {lead.customer_name || lead.customer_id}
      </TextLink>
    ),
  },
  { title: '账号ID', dataIndex: 'enterprise_account_id', width: 90 },
  {
    title: '来源消息',
    dataIndex: 'source_content',
    ellipsis: true,
    // Where it came from above what was written, so the source needs no column of its own.
    render: (content: string, lead) => (
      <>
        <Typography.Text type="secondary" data-testid="lead-source">
          {sourceText(lead) || '—'}
        </Typography.Text>
        <div style={ONE_LINE} title={content} data-testid="lead-source-content">
          {content}
        </div>
      </>
    ),
  },
  { title: '首次出现', dataIndex: 'first_seen', width: 170 },
  { title: '状态', dataIndex: 'status', width: 120, render: (_: string, lead) => <LeadStatusSelect lead={lead} /> },
];

/** /customer/leads: captured phone numbers and WeChat ids, their status, and the xlsx export. */
export function LeadsPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(TABLE_DEFAULT_PAGE_SIZE);
  const [status, setStatus] = useState<LeadStatus | ''>('');
  const [keyword, setKeyword] = useState('');
  const [exporting, setExporting] = useState(false);
  const query = { page, limit, status, keyword };
  const { data, isFetching } = useLeads(query);

  const handleExport = async () => {
    if (!data?.count) {
      notifyError(Msg.noData);
      return;
    }
    setExporting(true);
    try {
      await exportLeads({ status, keyword });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 140 }}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={[
            { value: '', label: '全部状态' },
            ...leadStatus.options.map((value) => ({ value, label: LEAD_STATUS_LABEL[value] })),
          ]}
          aria-label="按状态筛选"
          data-testid="lead-status-filter"
        />
        <Input.Search
          placeholder="搜索联系方式或客户"
          allowClear
          onSearch={(value) => {
            setKeyword(value);
            setPage(1);
          }}
          style={{ width: 240 }}
        />
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={exporting}
          onClick={() => void handleExport()}
          data-testid="lead-export"
        >
          导出
        </Button>
      </Space>
      <ResponsiveTable<Lead>
        rowKey="lead_id"
        columns={COLUMNS}
        // The account id means little on a phone; the customer name already links to the chat.
        cardOmit={['enterprise_account_id']}
        empty={
          status === '' && keyword === '' ? (
            <EmptyState
              title="客户线索自动收集在这里"
              description="客户在评论和私信里留下的电话、微信会记录为线索；先在客户消息里接收各账号的评论和私信。"
              action={
                <Button
                  type="primary"
                  onClick={() => void navigate(ConsolePath.customerChat)}
                  data-testid="empty-open-chat"
                >
                  查看客户消息
                </Button>
              }
            />
          ) : undefined
        }
        dataSource={data?.list ?? []}
        loading={isFetching}
        data-testid="lead-table"
        pagination={{
          current: page,
          pageSize: limit,
          total: data?.count ?? 0,
          pageSizeOptions: TABLE_PAGE_SIZES.map(String),
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => `共 ${total} 条`,
          itemRender: namedPageButtons,
          onChange: (nextPage, nextSize) => {
            setPage(nextSize === limit ? nextPage : 1);
            setLimit(nextSize);
          },
        }}
      />
    </Card>
  );
}
