import { Link } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { ArrowRightIcon } from '../../../components/icons.tsx';
import { withRedirect } from '../../../lib/paths.ts';
import styles from './dashboard-intro.module.css';

const AGENTS = [
  { name: '小获', role: 'AI获客员工', color: '#8a4cf0', text: '7×24小时巡检评论与私信，识别高意向客户并自动留资。' },
  { name: '小剪', role: 'AI剪辑员工', color: '#2374ff', text: '根据素材自动混剪、配乐、加字幕，批量产出原创短视频。' },
  {
    name: '小发',
    role: 'AI发布员工',
    color: '#16b46c',
    text: '按计划把作品分发到抖音、快手、小红书、B站、视频号矩阵账号。',
  },
  { name: '小服', role: 'AI客服员工', color: '#f0a020', text: '用你的话术秒回客户咨询，复杂问题一键转人工。' },
  { name: '小运', role: 'AI运营员工', color: '#ff5a1f', text: '监控账号健康度与授权状态，异常及时提醒。' },
  { name: '小数', role: 'AI数据员工', color: '#c03cff', text: '汇总播放、互动与线索数据，生成经营日报。' },
];

/** /dashboard without a token: what the AI获客智能体 does, and a way to sign in. */
export function DashboardIntro() {
  return (
    <>
      <section className={styles.hero}>
        <h1>AI获客智能体</h1>
        <p>
          六位AI智能体员工分工协作，从内容生产、矩阵发布到客户接待与线索沉淀，全流程自动运转，让每一条短视频都为你带来客户。
        </p>
        <Link className={styles.login} to={withRedirect(PublicPath.homeLogin, PublicPath.dashboard)}>
          登录
          <ArrowRightIcon size={18} />
        </Link>
      </section>
      <div className={styles.grid}>
        {AGENTS.map((agent) => (
          <article key={agent.role} className={styles.agent}>
            <div className={styles.agentHead}>
              <span className={styles.agentAvatar} style={{ background: agent.color }}>
                {agent.name.slice(1)}
              </span>
              <div>
                <h3>{agent.name}</h3>
                <span className={styles.agentRole}>{agent.role}</span>
              </div>
            </div>
            <p>{agent.text}</p>
          </article>
        ))}
      </div>
    </>
  );
}
