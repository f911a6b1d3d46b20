import { Card, Result, Statistic } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../../lib/query-client.ts';
import { AgentApplicationStatus } from '@vidmatrix/contract/api/agent';
import { AntdProvider } from '../../../components/antd-provider.tsx';
import { useAgentCenter } from '../api/get-agent-center.ts';
import styles from '../pages/agent-center-page.module.css';
import { ApplyForm } from './apply-form.tsx';
import { BrandForm } from './brand-form.tsx';

/** The signed-in part of /agentCenter: the application, or an agent's brand and members (antd, loaded lazily). */
function AgentPanel() {
  const { data: center, isLoading } = useAgentCenter();
  let body;
  if (isLoading || !center) {
    body = <Card loading variant="borderless" className={styles.panelCard} />;
  } else if (center.brand) {
    body = (
      <div className={styles.agentGrid}>
        <Card variant="borderless" className={styles.panelCard} data-testid="agent-members">
          <Statistic title="我的会员" value={center.member_count} suffix="人" />
          <p className={styles.note}>在您的专属域名注册的会员数量（不含会员的其他资料）。</p>
        </Card>
        <Card title="品牌设置" variant="borderless" className={styles.panelCard}>
          <BrandForm brand={center.brand} />
        </Card>
      </div>
    );
  } else if (center.application?.status === AgentApplicationStatus.pending) {
    body = (
      <Card variant="borderless" className={styles.panelCard}>
        <Result
          status="info"
          title="申请审核中"
          subTitle={`${center.application.company} · 提交于 ${center.application.created_at}，我们会尽快与您联系`}
        />
      </Card>
    );
  } else {
    body = (
      <Card title="申请成为代理商" variant="borderless" className={styles.panelCard}>
        {center.application?.status === AgentApplicationStatus.rejected ? (
          <p className={styles.note}>您上次的申请未通过审核，可以补充资料后重新申请。</p>
        ) : null}
        <ApplyForm />
      </Card>
    );
  }
  return <AntdProvider>{body}</AntdProvider>;
}

/** The panel with TanStack Query (the public page above it loads without it). */
export function AgentPanelWithQuery() {
  return (
    <QueryClientProvider client={queryClient}>
      <AgentPanel />
    </QueryClientProvider>
  );
}
