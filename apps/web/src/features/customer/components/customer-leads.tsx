import { Empty, Tag } from 'antd';
import { Msg } from '@vidmatrix/contract/messages';
import { useLeads } from '../api/get-leads.ts';
import styles from './chat.module.css';
import { LeadStatusSelect } from './lead-status-select.tsx';

/** The leads found in one conversation, beside its thread. */
export function CustomerLeads({ conversationId }: { conversationId: number | null }) {
  const { data } = useLeads({ conversation_id: conversationId ?? 0, limit: 0 }, conversationId !== null);
  const leads = conversationId === null ? [] : (data?.list ?? []);
  return (
    <div className={styles.panel} data-testid="customer-leads">
      <div className={styles.panelHeader}>客户线索</div>
      <div className={styles.scroll}>
        {leads.length === 0 ? (
          <Empty className={styles.empty} description={Msg.noData} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          leads.map((lead) => (
            <div key={lead.lead_id} className={styles.lead} data-testid="lead">
              <div>
                <Tag color={lead.kind === 'phone' ? 'blue' : 'green'}>{lead.kind === 'phone' ? '手机号' : '微信'}</Tag>
                <strong>{lead.value}</strong>
              </div>
              <LeadStatusSelect lead={lead} />
              <span className={styles.meta}>首次出现 {lead.first_seen}</span>
            </div>
          ))
        )}
      </div>
    </div>
  );
}
