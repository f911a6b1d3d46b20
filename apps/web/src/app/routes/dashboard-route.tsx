import { DashboardIntro } from '../../features/dashboard/components/dashboard-intro.tsx';
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview.tsx';
import { useLevelInfo } from '../../api/member/get-level-info.ts';
import { useMemberInfo } from '../../api/member/get-member-info.ts';
import { useSessionStore } from '../../lib/session-store.ts';

function SignedInDashboard() {
  const { data: member } = useMemberInfo();
  const { data: level } = useLevelInfo();
  return <DashboardOverview member={member} level={level} />;
}

/** /dashboard composes the member feature's data with the dashboard feature's views. */
export function DashboardRoute() {
  const token = useSessionStore((s) => s.token);
  return token ? <SignedInDashboard /> : <DashboardIntro />;
}
