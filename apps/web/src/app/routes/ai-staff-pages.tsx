import { lazy, Suspense } from 'react';
import { Space } from 'antd';
import { useMemberInfo } from '../../api/member/get-member-info.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { AiServiceSettings } from '../../features/ai-staff/components/ai-service-settings.tsx';
import { AiStaffHeader } from '../../features/ai-staff/components/ai-staff-header.tsx';
import { DailyReport } from '../../features/ai-staff/components/daily-report.tsx';
import { PublishOverview } from '../../features/ai-staff/components/publish-overview.tsx';
import { TodoList } from '../../features/ai-staff/components/todo-list.tsx';

// Each AI staff entry presents a feature: its header, then that feature's own page (composed here,
// in the app layer, so features never import each other).
const LeadsPage = lazy(() =>
  import('../../features/customer/pages/leads-page.tsx').then((m) => ({ default: m.LeadsPage })),
);
const LeadOverview = lazy(() =>
  import('../../features/ai-lead/components/lead-overview.tsx').then((m) => ({ default: m.LeadOverview })),
);
const ReplyRulesPanel = lazy(() =>
  import('../../features/ai-lead/components/reply-rules-panel.tsx').then((m) => ({ default: m.ReplyRulesPanel })),
);
const ChatPage = lazy(() =>
  import('../../features/customer/pages/chat-page.tsx').then((m) => ({ default: m.ChatPage })),
);

/** /ai/lead: AI获客员工 → each account's figures, the reply rules, then the leads page. */
export function AiLeadPage() {
  return (
    <AiStaffHeader staff="lead">
      <Suspense fallback={<PageLoading />}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <LeadOverview />
          <ReplyRulesPanel />
          <LeadsPage />
        </Space>
      </Suspense>
    </AiStaffHeader>
  );
}

/** /ai/service: AI客服员工 → customer chat, with the member's AI customer-service setting. */
export function AiServicePage() {
  const { data: member } = useMemberInfo();
  const ai = member?.is_ai;
  const note = !ai ? null : (
    <>
      {ai.is_ai_service === 1
        ? `AI客服已开通：「${ai.ai_name}」，右下角的客服窗口随时可用`
        : 'AI客服未开通：填写您的AI客服链接并开启后，右下角出现AI客服窗口'}{' '}
      <AiServiceSettings ai={ai} />
    </>
  );
  return (
    <AiStaffHeader staff="service" note={note}>
      <Suspense fallback={<PageLoading />}>
        <ChatPage />
      </Suspense>
    </AiStaffHeader>
  );
}

/** /ai/operate: AI运营员工 → the member's to-do list, built from its accounts, tasks, leads and space. */
export function AiOperatePage() {
  return (
    <AiStaffHeader staff="operate">
      <TodoList />
    </AiStaffHeader>
  );
}

/** /ai/data: AI数据员工 → the member's daily report (the data screen opens from the header). */
export function AiDataPage() {
  return (
    <AiStaffHeader staff="data">
      <DailyReport />
    </AiStaffHeader>
  );
}

/** /ai/publish: AI发布员工 → the member's publishing at a glance, each problem with its action. */
export function AiPublishPage() {
  return (
    <AiStaffHeader staff="publish">
      <PublishOverview />
    </AiStaffHeader>
  );
}
