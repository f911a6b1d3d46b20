import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { useSiteName } from '../../../lib/site-name.ts';
import { usePageToken } from '../../../lib/session-store.ts';
import styles from './agent-center-page.module.css';

// antd and the forms load only for a signed-in member: visitors get the plain programme page.
const AgentPanel = lazy(() =>
  import('../components/agent-panel.tsx').then((m) => ({ default: m.AgentPanelWithQuery })),
);

const BENEFITS = [
  { title: '专属品牌', text: '使用您自己的品牌名称、标志和域名，客户看到的是您的产品。' },
  { title: '会员归属', text: '在您的专属域名注册的会员自动归属于您，会员数量实时可查。' },
  { title: '丰厚分成', text: '按会员等级享受阶梯分成，续费同样计入，长期稳定收益。' },
  { title: '全程扶持', text: '产品培训、销售话术、演示账号与技术支持，帮您快速开单。' },
];

const STEPS = ['提交申请', '运营审核', '开通代理', '配置品牌与域名'];

/** /agentCenter: the agent programme, and for a signed-in member the application or the agent's brand. */
export function AgentCenterPage() {
  const token = usePageToken();
  const siteName = useSiteName();
  return (
    <div className={styles.wrap}>
      <section className={styles.hero}>
        <h1>代理商计划</h1>
        <p>把{siteName}作为您自己的产品销售：专属品牌、专属域名、会员归属清晰。</p>
      </section>
      <section className={styles.benefits}>
        {BENEFITS.map((b) => (
          <div key={b.title} className={styles.benefit}>
            <h2>{b.title}</h2>
            <p>{b.text}</p>
          </div>
        ))}
      </section>
      <ol className={styles.steps}>
        {STEPS.map((step, i) => (
          <li key={step}>
            <span>{i + 1}</span>
            {step}
          </li>
        ))}
      </ol>
      <section className={styles.panel}>
        {token ? (
          <Suspense fallback={<div className={styles.placeholder} />}>
            <AgentPanel />
          </Suspense>
        ) : (
          <div className={styles.signIn}>
            <p>登录后即可在线提交代理申请</p>
            <Link
              className={styles.button}
              to={`${PublicPath.homeLogin}?redirect=${encodeURIComponent(PublicPath.agentCenter)}`}
            >
              登录后申请
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}
