import { Link } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { useLevelInfo } from '../../../api/member/get-level-info.ts';
import { useMemberInfo } from '../../../api/member/get-member-info.ts';
import { AntdProvider } from '../../../components/antd-provider.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { MembershipCard } from '../components/membership-card.tsx';
import { PasswordCard } from '../components/password-card.tsx';
import { ProfileCard } from '../components/profile-card.tsx';
import { SessionList } from '../components/session-list.tsx';
import styles from './user-center-page.module.css';

/** /userCenter: profile, membership and quotas, password and signed-in sessions. */
export function UserCenterPage() {
  const { data: member } = useMemberInfo();
  const { data: level } = useLevelInfo();
  if (!member) {
    return <PageLoading />;
  }
  return (
    <AntdProvider>
      <div className={styles.wrap}>
        <header className={styles.head}>
          <h1>个人中心</h1>
          <nav className={styles.links}>
            <Link to={PublicPath.dashboard}>进入控制台</Link>
            <Link to={PublicPath.agentCenter}>{member.agent ? '代理中心' : '成为代理商'}</Link>
          </nav>
        </header>
        <div className={styles.grid}>
          <ProfileCard member={member} />
          <MembershipCard member={member} level={level} />
          <SessionList />
          <PasswordCard />
        </div>
      </div>
    </AntdProvider>
  );
}
