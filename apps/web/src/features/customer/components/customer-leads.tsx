import { Empty, Tag } from 'antd';
import { LEAD_INTENT_LABEL, LEAD_KIND_LABEL } from '@vidmatrix/contract/api/customer';
import { Msg } from '@vidmatrix/contract/messages';
import { useLeads } from '../api/get-leads.ts';
import styles from './chat.module.css';
import { LeadStatusSelect } from './lead-status-select.tsx';

const KIND_COLOR = { phone: 'blue', wechat: 'green', qq: 'cyan' } as const;

/** The lead of one conversation (its contacts and intent), beside its thread. */
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
              {lead.contacts.map((contact) => (
                <div key={`${contact.kind}:${contact.value}`}>
                  <Tag color={KIND_COLOR[contact.kind]}>{LEAD_KIND_LABEL[contact.kind]}</Tag>
                  <strong>{contact.value}</strong>
                </div>
              ))}
              <Tag>{LEAD_INTENT_LABEL[lead.intent]}</Tag>
              <LeadStatusSelect lead={lead} />
              <span className={styles.meta}>首次出现 {lead.first_seen}</span>
            </div>
          ))
        )}
      </div>
    </div>
  );
}
