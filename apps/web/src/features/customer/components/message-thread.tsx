import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Input, Spin } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { validationMessage } from '@vidmatrix/contract/api/common';
import { MESSAGE_MAX_LENGTH, replyBody, type PrivateListItem } from '@vidmatrix/contract/api/customer';
import { notifyError } from '../../../lib/notify.ts';
import { useThread } from '../api/get-thread.ts';
import { useReply } from '../api/reply.ts';
import styles from './chat.module.css';
import { DeliveryTag } from './delivery-tag.tsx';
import { DraftReview } from './draft-review.tsx';

/** Which of the member's accounts the conversation is on: platform and nickname (the id only if unnamed). */
function threadAccountLabel(c: PrivateListItem): string {
  const account = c.account_nickname || `账号 ${c.enterprise_account_id}`;
  return c.platform_name ? `${c.platform_name} · ${account}` : account;
}

/** The messages of one conversation (as text, never HTML) and the reply box. */
export function MessageThread({ conversationId }: { conversationId: number | null }) {
  const { data, isLoading } = useThread(conversationId);
  const replyMutation = useReply();
  const [draft, setDraft] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const count = data?.list.length ?? 0;

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [count, conversationId]);

  if (conversationId === null) {
    return (
      <div className={styles.panel}>
        <Empty className={styles.empty} description="请选择会话" />
      </div>
    );
  }

  const handleSend = () => {
    const parsed = replyBody.safeParse({ conversation_id: conversationId, content: draft });
    if (!parsed.success) {
      notifyError(validationMessage(parsed.error.issues));
      return;
    }
    replyMutation.mutate(parsed.data, { onSuccess: () => setDraft('') });
  };

  return (
    <div className={styles.panel} data-testid="thread">
      <div className={styles.panelHeader}>
        <span>{data ? data.conversation.customer_name || data.conversation.customer_id : ''}</span>
        <span className={styles.meta} data-testid="thread-account">
          {data ? threadAccountLabel(data.conversation) : ''}
        </span>
      </div>
      <div className={styles.thread}>
        {isLoading ? <Spin /> : null}
        {data?.list.map((m) => (
          <div
            key={m.message_id}
            className={`${styles.message} ${m.direction === 'in' ? styles.in : styles.out}`}
            data-testid="message"
            data-direction={m.direction}
            data-approval={m.approval}
          >
            {/* A draft is not sent yet: drawn faint until the member approves it. */}
            <div className={styles.bubble} style={m.approval ? { opacity: 0.6 } : undefined}>
              {m.content}
            </div>
            <div className={styles.meta}>
              <span>{m.sent_at}</span>
              <DeliveryTag message={m} />
            </div>
            <DraftReview message={m} />
          </div>
        ))}
        <div ref={bottom} />
      </div>
      <div className={styles.replyBox}>
        <Input.TextArea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder="输入回复，Enter 发送，Shift+Enter 换行"
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              handleSend();
            }
          }}
          data-testid="reply-input"
        />
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          loading={replyMutation.isPending}
          onClick={handleSend}
          data-testid="reply-send"
        >
          发送
        </Button>
      </div>
    </div>
  );
}
