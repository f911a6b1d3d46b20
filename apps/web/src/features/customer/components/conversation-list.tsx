import { useMemo, useState } from 'react';
import { Badge, Empty, Input } from 'antd';
import type { PrivateListItem } from '@vidmatrix/contract/api/customer';
import { UNREAD_BADGE_MAX } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import styles from './chat.module.css';

/** Conversations with their unread counts and account, filtered by customer, account or text. */
export function ConversationList({
  items,
  selectedId,
  onSelect,
}: {
  items: PrivateListItem[];
  selectedId: number | null;
  onSelect: (conversationId: number) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return k
      ? items.filter((c) =>
          [c.customer_name, c.customer_id, c.account_nickname, c.content, c.replay_content].some((t) =>
            t.toLowerCase().includes(k),
          ),
        )
      : items;
  }, [items, keyword]);

  return (
    <div className={styles.panel} data-testid="conversation-list">
      <div className={styles.panelHeader}>
        <Input.Search
          placeholder="搜索客户或消息"
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          data-testid="conversation-search"
        />
      </div>
      <div className={styles.scroll}>
        {shown.length === 0 ? (
          <Empty className={styles.empty} description={Msg.noData} />
        ) : (
          shown.map((c) => (
            <button
              type="button"
              key={c.conversation_id}
              className={`${styles.conversation} ${c.conversation_id === selectedId ? styles.active : ''}`}
              onClick={() => onSelect(c.conversation_id)}
              data-testid="conversation"
              data-customer={c.customer_id}
            >
              <div className={styles.conversationTop}>
                <span className={styles.name}>{c.customer_name || c.customer_id}</span>
                <Badge count={c.read_num} overflowCount={UNREAD_BADGE_MAX} size="small" />
              </div>
              <div className={styles.preview}>{c.content || c.replay_content}</div>
              <div className={styles.preview} data-testid="conversation-account">
                {c.account_nickname ? `${c.platform_name} · ${c.account_nickname} · ${c.last_time}` : c.last_time}
              </div>
            </button>
          ))
        )}
      </div>
    </div>
  );
}
