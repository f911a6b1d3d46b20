import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Empty, Skeleton, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { AiPublishOverview, PublishGroup, PublishPlatformCounts } from '@vidmatrix/contract/api/ai-staff';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePublishOverview } from '../api/get-publish-overview.ts';
import { useRetryFailedBatch } from '../api/retry-failed-batch.ts';
import report from './ai-report.module.css';
import styles from './publish-overview.module.css';
import { TextLink } from '../../../components/text-link.tsx';

const NEW_BATCH = `${ConsolePath.batchPublish}?tab=new`;
const BATCHES = `${ConsolePath.batchPublish}?tab=list`;
const RUNNERS = `${ConsolePath.batchPublish}?tab=runners`;
const batchPath = (id: number) => `${ConsolePath.batchPublish}?batch=${id}`;

/** Each group's name; open groups are counted as they stand, finished ones today and over the week. */
const GROUP: Record<PublishGroup, { title: string; open: boolean }> = {
  queued: { title: '排队等待', open: true },
  publishing: { title: '正在发布', open: true },
  published: { title: '发布成功', open: false },
  failed: { title: '失败或未通过', open: false },
  unconfirmed: { title: '待确认', open: true },
};

const COLUMNS: ColumnType<PublishPlatformCounts>[] = [
  { title: '平台', dataIndex: 'platform_name' },
  ...(Object.keys(GROUP) as PublishGroup[]).map((group) => ({
    title: GROUP[group].title,
    dataIndex: group,
    width: 96,
  })),
];

function Figure({ group, data }: { group: PublishGroup; data: AiPublishOverview }) {
  const { title, open } = GROUP[group];
  return (
    <section className={report.figure} data-testid={`publish-${group}`}>
      <h2 className={report.figureTitle}>{open ? title : `今日${title}`}</h2>
      <p className={report.figureValue}>{data.today[group]}</p>
      <p className={report.figureNote}>{open ? '当前' : `近7天 ${data.week[group]}`}</p>
    </section>
  );
}

/** One line of the 需要处理 card: what it is about, why, and its action. */
function NeedRow({ label, detail, action }: { label: ReactNode; detail: string; action: ReactNode }) {
  return (
    <li className={styles.need}>
      <span className={styles.needLabel}>{label}</span>
      <Tag className={styles.needDetail}>{detail}</Tag>
      <span className={styles.needAction}>{action}</span>
    </li>
  );
}

/** What stops a post now: accounts that cannot publish, failed and unconfirmed batches, no runner online. */
function Needs({ data }: { data: AiPublishOverview }) {
  const navigate = useNavigate();
  const retry = useRetryFailedBatch();
  const handleRetry = (batchId: number) =>
    retry.mutate(batchId, { onSuccess: (result) => notifySuccess(`已重新排队 ${result.count} 条发布任务`) });
  const noRunner = data.runners.online === 0;
  const empty =
    data.blocked.length === 0 && data.failed_batches.length === 0 && data.unconfirmed_batches.length === 0 && !noRunner;
  return (
    <Card size="small" title="需要处理" data-testid="publish-needs">
      {empty ? (
        <p className={styles.fine}>没有需要处理的事：账号都能发布，发布器在线，没有失败或待确认的任务</p>
      ) : (
        <ul className={styles.needs}>
          {noRunner ? (
            <NeedRow
              label="发布器"
              detail={data.runners.total === 0 ? '还没有发布器，视频会一直排队' : '没有在线的发布器，视频会一直排队'}
              action={
                <Button size="small" onClick={() => void navigate(RUNNERS)}>
                  {data.runners.total === 0 ? '添加发布器' : '查看发布器'}
                </Button>
              }
            />
          ) : null}
          {data.blocked.map((account) => (
            <NeedRow
              key={`account-${account.id}`}
              label={account.label}
              detail={account.detail}
              action={
                account.reason === 'paused' ? null : (
                  <Button size="small" onClick={() => void navigate(ConsolePath.accounts)}>
                    重新授权
                  </Button>
                )
              }
            />
          ))}
          {data.blocked_count > data.blocked.length ? (
            <li className={styles.more}>
              <TextLink
                to={ConsolePath.accounts}
              >{`还有 ${data.blocked_count - data.blocked.length} 个账号不能发布`}</TextLink>
            </li>
          ) : null}
          {data.failed_batches.map((batch) => (
            <NeedRow
              key={`failed-${batch.batch_id}`}
              label={<TextLink to={batchPath(batch.batch_id)}>{batch.title}</TextLink>}
              detail={`${batch.count} 条失败`}
              action={
                <Button
                  size="small"
                  type="primary"
                  autoInsertSpace={false}
                  loading={retry.isPending && retry.variables === batch.batch_id}
                  onClick={() => handleRetry(batch.batch_id)}
                >
                  重试
                </Button>
              }
            />
          ))}
          {data.unconfirmed_batches.map((batch) => (
            <NeedRow
              key={`unconfirmed-${batch.batch_id}`}
              label={<TextLink to={batchPath(batch.batch_id)}>{batch.title}</TextLink>}
              detail={`${batch.count} 条待确认是否发出`}
              action={
                <Button size="small" onClick={() => void navigate(batchPath(batch.batch_id))}>
                  去确认
                </Button>
              }
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The AI发布员工's page: the member's publishing today and this week, what comes next, and what stops it. */
export function PublishOverview() {
  const navigate = useNavigate();
  const { data, error, isPending } = usePublishOverview();
  if (isPending) {
    return <Skeleton active paragraph={{ rows: 8 }} />;
  }
  if (!data) {
    return <Alert type="error" showIcon message={error?.message ?? '发布概况加载失败，请稍后重试'} />;
  }
  if (!data.has_batches) {
    const noAccounts = data.account_count === 0;
    return (
      <Card data-testid="publish-empty">
        <Empty
          description={
            noAccounts
              ? '这里汇总你的每一次发布：排队、发布中、成功、失败的视频，接下来要发的帖子和不能发布的账号。先添加一个要发布到的账号。'
              : '这里汇总你的每一次发布：排队、发布中、成功、失败的视频，接下来要发的帖子和不能发布的账号。选好视频和账号，发出第一批吧。'
          }
        >
          <Button type="primary" onClick={() => void navigate(noAccounts ? ConsolePath.accounts : NEW_BATCH)}>
            {noAccounts ? '添加账号' : '新建发布'}
          </Button>
        </Empty>
      </Card>
    );
  }
  return (
    <div data-testid="publish-overview">
      <div className={report.toolbar}>
        <Button type="primary" onClick={() => void navigate(NEW_BATCH)}>
          新建发布
        </Button>
        <Button onClick={() => void navigate(BATCHES)}>发布记录</Button>
        <span className={report.updated}>{`数据更新于 ${data.updated_at}`}</span>
      </div>
      <div className={report.figures}>
        {(Object.keys(GROUP) as PublishGroup[]).map((group) => (
          <Figure key={group} group={group} data={data} />
        ))}
      </div>
      <div className={report.cards}>
        <Needs data={data} />
        <Card
          size="small"
          title={`接下来要发的（${data.upcoming_count}）`}
          data-testid="publish-upcoming"
          extra={<TextLink to={BATCHES}>全部</TextLink>}
        >
          {data.upcoming.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有排队等待的视频">
              <Button onClick={() => void navigate(NEW_BATCH)}>新建发布</Button>
            </Empty>
          ) : (
            <ul className={styles.upcoming}>
              {data.upcoming.map((post) => (
                <li key={post.job_id}>
                  <span className={styles.when}>{post.run_at.slice(5, 16)}</span>
                  <span className={styles.where}>{`${post.platform_name} · ${post.account}`}</span>
                  <TextLink to={batchPath(post.batch_id)} className={styles.batch}>
                    {post.batch_title}
                  </TextLink>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card size="small" title="近7天各平台" data-testid="publish-platforms">
          {data.platforms.length === 0 ? (
            <p className={styles.fine}>近7天没有发布任务</p>
          ) : (
            <ResponsiveTable<PublishPlatformCounts>
              rowKey="platform"
              size="small"
              columns={COLUMNS}
              dataSource={data.platforms}
              pagination={false}
            />
          )}
        </Card>
        <Card size="small" title="发布器" data-testid="publish-runners" extra={<TextLink to={RUNNERS}>管理</TextLink>}>
          <p className={styles.runners}>
            <strong>{data.runners.online}</strong>
            {` / ${data.runners.total} 个在线`}
          </p>
          <p className={styles.fine}>发布器在线时才会发出排队的视频；离线期间任务保留，上线后接着发。</p>
        </Card>
      </div>
    </div>
  );
}
