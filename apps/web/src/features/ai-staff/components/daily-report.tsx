import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, DatePicker, Empty, Progress, Skeleton } from 'antd';
import type { ColumnType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { AI_REPORT_BACK_DAYS, type AiReportPlatformPosts } from '@vidmatrix/contract/api/ai-staff';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { formatBytes } from '@vidmatrix/contract/rules/format';
import { REVIEW_STATE_TEXT } from '@vidmatrix/contract/rules/publish-result';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { useReport } from '../api/get-report.ts';
import report from './ai-report.module.css';
import styles from './daily-report.module.css';
import { TrendCard } from './trend-card.tsx';
import { TextLink } from '../../../components/text-link.tsx';

const COLUMNS: ColumnType<AiReportPlatformPosts>[] = [
  { title: '平台', dataIndex: 'platform_name' },
  { title: REVIEW_STATE_TEXT.reviewing, dataIndex: 'reviewing', width: 90 },
  { title: REVIEW_STATE_TEXT.published, dataIndex: 'published', width: 90 },
  { title: REVIEW_STATE_TEXT.scheduled, dataIndex: 'scheduled', width: 90 },
  { title: REVIEW_STATE_TEXT.rejected, dataIndex: 'rejected', width: 90 },
  { title: '发布失败', dataIndex: 'failed', width: 90 },
  { title: '合计', dataIndex: 'total', width: 80 },
];

/** Days a member may pick: today and the AI_REPORT_BACK_DAYS − 1 days before it. */
function outOfRange(day: Dayjs): boolean {
  const today = dayjs().startOf('day');
  return day.isAfter(today, 'day') || !day.isAfter(today.subtract(AI_REPORT_BACK_DAYS, 'day'), 'day');
}

/** The AI数据员工's daily report: the chosen day's figures with their week, posts per platform, and space. */
export function DailyReport() {
  const [day, setDay] = useState('');
  const navigate = useNavigate();
  const { data, error, isPending } = useReport(day);
  if (isPending) {
    return <Skeleton active paragraph={{ rows: 8 }} />;
  }
  if (!data) {
    return <Alert type="error" showIcon message={error?.message ?? '日报加载失败，请稍后重试'} />;
  }
  const { days, storage } = data;
  const percent = storage.limit > 0 ? Math.min(100, Math.round((storage.used / storage.limit) * 100)) : 0;
  return (
    <div data-testid="daily-report">
      <div className={report.toolbar}>
        <DatePicker
          aria-label="日报日期"
          allowClear={false}
          value={dayjs(data.day)}
          disabledDate={outOfRange}
          onChange={(value: Dayjs | null) => setDay(value ? value.format('YYYY-MM-DD') : '')}
        />
        <span className={report.updated}>{`${data.day} 日报 · 数据更新于 ${data.updated_at}`}</span>
      </div>
      <div className={report.figures}>
        <TrendCard title="发布成功" series={data.posts_made} days={days} testId="figure-posts-made" />
        <TrendCard title="发布失败或未通过" series={data.posts_failed} days={days} testId="figure-posts-failed" />
        <TrendCard title="新增线索" series={data.leads} days={days} testId="figure-leads" />
        <TrendCard title="客户消息" series={data.messages_in} days={days} testId="figure-messages" />
        <TrendCard title="已回复" series={data.replies} days={days} testId="figure-replies" />
        <TrendCard
          title="新增素材占用"
          series={storage.added}
          days={days}
          format={formatBytes}
          testId="figure-storage"
        />
      </div>
      <div className={`${report.cards} ${styles.wideFirst}`}>
        <Card size="small" title={`${data.day} 各平台发布结果`}>
          {data.posts.length === 0 ? (
            <Empty description="这一天没有发布结果：发布任务完成后，这里按平台和审核状态汇总">
              <Button type="primary" onClick={() => void navigate(ConsolePath.batchPublish)}>
                去批量发布
              </Button>
            </Empty>
          ) : (
            <ResponsiveTable<AiReportPlatformPosts>
              rowKey="platform"
              size="small"
              columns={COLUMNS}
              dataSource={data.posts}
              pagination={false}
              data-testid="report-posts"
            />
          )}
        </Card>
        <Card size="small" title="云空间">
          <Progress percent={percent} status={percent >= 90 ? 'exception' : 'normal'} aria-label="云空间使用比例" />
          <p data-testid="report-storage">
            {storage.limit > 0
              ? `已用 ${formatBytes(storage.used)}，共 ${formatBytes(storage.limit)}`
              : `已用 ${formatBytes(storage.used)}`}
          </p>
          <TextLink to={ConsolePath.materials}>管理素材</TextLink>
        </Card>
      </div>
    </div>
  );
}
