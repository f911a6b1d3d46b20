import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { useMemberInfo } from '../../../api/member/get-member-info.ts';
import { Chart } from '../components/chart.tsx';
import { accountsOption, healthOption, leadsOption, materialsOption, publishesOption } from '../components/options.ts';
import { getOverviewQueryOptions, useOverview } from '../api/get-overview.ts';
import styles from './data-screen-page.module.css';

/**
 * Frames after which the figures have changed: a customer message (and its lead), a publish job's step,
 * an account's authorization, a material added or removed.
 */
const LIVE_FRAMES = new Set(['send_msg', 'publish_job', 'account_auth', 'account_auth_expired', 'data_changed']);
/** Refetches at most this often however many frames arrive, ms. */
const REFETCH_GAP_MS = 2_000;

/** One chart in its frame; `empty` says what will show there when there is nothing to draw yet. */
function Panel({
  title,
  children,
  testId,
  empty,
}: {
  title: string;
  children: ReactNode;
  testId: string;
  empty?: string;
}) {
  return (
    <section className={styles.panel} data-testid={testId}>
      <h2>{title}</h2>
      {empty ? (
        // A chart of zeros draws an empty ring with dangling labels: say what will be here instead.
        <div className={`${styles.chart} ${styles.empty}`} data-testid="panel-empty">
          <span>暂无数据</span>
          <small>{empty}</small>
        </div>
      ) : (
        <div className={styles.chart}>{children}</div>
      )}
    </section>
  );
}

function useClock(): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now.toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });
}

/** Refetches the figures when the member's websocket carries a frame that changes them. */
function useLiveFigures(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let remove: (() => void) | undefined;
    let cancelled = false;
    void import('../../../lib/socket.ts').then((socket) => {
      if (cancelled) {
        return;
      }
      remove = socket.onServerFrame((frame) => {
        if (LIVE_FRAMES.has(frame.type) && timer === undefined) {
          timer = setTimeout(() => {
            timer = undefined;
            void queryClient.invalidateQueries({ queryKey: getOverviewQueryOptions().queryKey });
          }, REFETCH_GAP_MS);
        }
      });
    });
    return () => {
      cancelled = true;
      remove?.();
      clearTimeout(timer);
    };
  }, [queryClient]);
}

/** /largeDataScreen: the member's matrix on one full screen (ECharts), live over the websocket. */
export function DataScreenPage() {
  const { data } = useOverview();
  const { data: member } = useMemberInfo();
  const clock = useClock();
  useLiveFigures();

  const options = useMemo(
    () =>
      data && {
        accounts: accountsOption(data),
        health: healthOption(data),
        materials: materialsOption(data),
        leads: leadsOption(data),
        publishes: publishesOption(data),
      },
    [data],
  );

  const sum = (values: number[] | undefined) => (values ?? []).reduce((a, b) => a + b, 0);
  const accounts = data?.accounts.reduce((n, a) => n + a.total, 0) ?? 0;
  const authorized = data?.accounts.reduce((n, a) => n + a.authorized, 0) ?? 0;
  const materials = (data?.materials.video ?? 0) + (data?.materials.image ?? 0) + (data?.materials.audio ?? 0);
  const noAccounts = accounts === 0 ? '添加账号后，这里显示各平台的账号数量与授权状态' : undefined;
  const kpis = [
    { label: '账号总数', value: String(accounts) },
    { label: '授权正常', value: accounts > 0 ? `${Math.round((authorized / accounts) * 100)}%` : '—' },
    {
      label: '素材数量',
      value: String(materials),
    },
    { label: '近14天线索', value: String(sum(data?.leads)) },
    { label: '近14天发布', value: String(sum(data?.published)) },
    {
      label: '发布成功率',
      value:
        data?.success_rate === null || data?.success_rate === undefined
          ? '—'
          : `${(data.success_rate * 100).toFixed(1)}%`,
    },
  ];

  return (
    <div className={styles.screen} data-testid="data-screen">
      <header className={styles.head}>
        <Link to={PublicPath.dashboard} className={styles.back}>
          ← 返回控制台
        </Link>
        <h1>{member?.nickname ? `${member.nickname}的矩阵数据大屏` : '矩阵数据大屏'}</h1>
        <div className={styles.clock}>
          <span>{clock}</span>
          <span className={styles.updated}>{data ? `数据更新于 ${data.updated_at}` : '加载中…'}</span>
        </div>
      </header>
      <div className={styles.kpis}>
        {kpis.map((kpi) => (
          <div key={kpi.label} className={styles.kpi} data-testid="kpi">
            <span className={styles.kpiValue} data-testid="kpi-value">
              {kpi.value}
            </span>
            <span className={styles.kpiLabel}>{kpi.label}</span>
          </div>
        ))}
      </div>
      {options ? (
        <div className={styles.grid}>
          <Panel title="各平台账号" testId="panel-accounts" empty={noAccounts}>
            <Chart option={options.accounts} label="各平台账号数量与授权状态" />
          </Panel>
          <Panel title="授权健康度" testId="panel-health" empty={noAccounts}>
            <Chart option={options.health} label="账号授权健康度" />
          </Panel>
          <Panel
            title="素材与云空间"
            testId="panel-materials"
            empty={materials === 0 ? '上传素材后，这里显示各类素材的数量和云空间用量' : undefined}
          >
            <Chart option={options.materials} label="素材数量与云空间" />
          </Panel>
          <Panel
            title="每日线索与消息"
            testId="panel-leads"
            empty={
              sum(data?.leads) + sum(data?.messages_in) + sum(data?.messages_out) === 0
                ? '收到客户的评论和私信后，这里显示近14天每天的线索与消息'
                : undefined
            }
          >
            <Chart option={options.leads} label="每日线索与消息" />
          </Panel>
          <Panel
            title="每日发布"
            testId="panel-publishes"
            empty={
              sum(data?.published) + sum(data?.failed) === 0
                ? '发布视频后，这里显示近14天每天发布的成功与失败'
                : undefined
            }
          >
            <Chart option={options.publishes} label="每日发布成功与失败" />
          </Panel>
        </div>
      ) : null}
    </div>
  );
}
