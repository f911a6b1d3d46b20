import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePrivateList } from '../../../api/customer/get-private-list.ts';
import { useMarkRead } from '../api/mark-read.ts';
import styles from '../components/chat.module.css';
import { ConversationList } from '../components/conversation-list.tsx';
import { CustomerLeads } from '../components/customer-leads.tsx';
import { MessageThread } from '../components/message-thread.tsx';
import { WebhookSecretPanel } from '../components/webhook-secret-panel.tsx';

/** /customer/chat: conversations, the selected thread with the reply box, and its leads. */
export function ChatPage() {
  const { data: items = [] } = usePrivateList();
  const [params, setParams] = useSearchParams();
  const fromUrl = Number(params.get('conversation_id'));
  const [picked, setPicked] = useState<number | null>(Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : null);
  // Nothing picked yet: open the newest conversation.
  const selectedId = picked ?? items[0]?.conversation_id ?? null;
  const selected = items.find((c) => c.conversation_id === selectedId);
  const markRead = useMarkRead();
  const unread = selected?.read_num ?? 0;

  // Reading the thread reads its messages, also those arriving while it is open.
  useEffect(() => {
    if (selectedId !== null && unread > 0) {
      markRead.mutate(selectedId);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- markRead is a new object each render
  }, [selectedId, unread]);

  const handleSelect = (conversationId: number) => {
    setPicked(conversationId);
    setParams({ conversation_id: String(conversationId) }, { replace: true });
  };

  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        <WebhookSecretPanel />
      </div>
      <div className={styles.page}>
        <ConversationList items={items} selectedId={selectedId} onSelect={handleSelect} />
        <MessageThread conversationId={selectedId} />
        <CustomerLeads conversationId={selectedId} />
      </div>
    </div>
  );
}
