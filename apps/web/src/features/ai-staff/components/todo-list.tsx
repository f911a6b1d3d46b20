import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Empty, Skeleton, Tag } from 'antd';
import {
  CloudOutlined,
  ExclamationCircleOutlined,
  MessageOutlined,
  ReloadOutlined,
  ScissorOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { Todo, TodoItem, TodoKind } from '@vidmatrix/contract/api/ai-staff';
import { ConsolePath, PublicPath } from '@vidmatrix/contract/console-paths';
import { Msg } from '@vidmatrix/contract/messages';
import { useTodos } from '../api/get-todos.ts';
import styles from './todo-list.module.css';

interface TodoAction {
  label: string;
  to: string;
}

/** Per kind: its icon, the page its action opens, and where one of its items opens (when it has one). */
const KIND: Record<TodoKind, { icon: ReactNode; actions: TodoAction[]; itemTo?: (item: TodoItem) => string }> = {
  reauthorize: {
    icon: <SafetyCertificateOutlined aria-hidden />,
    actions: [{ label: Msg.todoActionReauthorize, to: ConsolePath.accounts }],
  },
  publish_failed: {
    icon: <ReloadOutlined aria-hidden />,
    actions: [{ label: Msg.todoActionRetryPublish, to: `${ConsolePath.batchPublish}?tab=list` }],
    itemTo: (item) => `${ConsolePath.batchPublish}?batch=${item.id}`,
  },
  clip_failed: {
    icon: <ScissorOutlined aria-hidden />,
    actions: [{ label: Msg.todoActionRetryClip, to: ConsolePath.clipTasks }],
  },
  drift: {
    icon: <ExclamationCircleOutlined aria-hidden />,
    actions: [{ label: Msg.todoActionDrift, to: `${ConsolePath.batchPublish}?tab=runners` }],
  },
  lead_waiting: {
    icon: <MessageOutlined aria-hidden />,
    actions: [{ label: Msg.todoActionReply, to: ConsolePath.customerChat }],
    itemTo: (item) => `${ConsolePath.customerChat}?conversation_id=${item.id}`,
  },
  storage_full: {
    icon: <CloudOutlined aria-hidden />,
    actions: [
      { label: Msg.todoActionStorage, to: ConsolePath.materials },
      { label: Msg.todoActionUpgrade, to: PublicPath.userCenter },
    ],
  },
};

function TodoRow({ todo }: { todo: Todo }) {
  const navigate = useNavigate();
  const kind = KIND[todo.kind];
  const go = (to: string) => void navigate(to);
  return (
    <li className={styles.todo} data-testid={`todo-${todo.kind}`}>
      <span className={styles.icon} aria-hidden>
        {kind.icon}
      </span>
      <div className={styles.body}>
        <p className={styles.text}>{todo.text}</p>
        {todo.items.length > 0 ? (
          <ul className={styles.items}>
            {todo.items.map((item) => {
              const to = kind.itemTo?.(item);
              const label = (
                <>
                  <span className={styles.itemLabel}>{item.label}</span>
                  {item.detail ? <Tag className={styles.itemDetail}>{item.detail}</Tag> : null}
                </>
              );
              return (
                <li key={`${item.id}-${item.label}`}>
                  {to ? (
                    <Button type="link" size="small" className={styles.itemLink} onClick={() => go(to)}>
                      {label}
                    </Button>
                  ) : (
                    label
                  )}
                </li>
              );
            })}
            {todo.count > todo.items.length ? (
              <li className={styles.more}>{`还有 ${todo.count - todo.items.length} 项`}</li>
            ) : null}
          </ul>
        ) : null}
      </div>
      <div className={styles.actions}>
        {kind.actions.map((action, i) => (
          <Button key={action.to} type={i === 0 ? 'primary' : 'default'} onClick={() => go(action.to)}>
            {action.label}
          </Button>
        ))}
      </div>
    </li>
  );
}

/** The AI运营员工's to-do list: each piece of waiting work with the button that takes the member to it. */
export function TodoList() {
  const { data, error, isPending } = useTodos();
  if (isPending) {
    return <Skeleton active paragraph={{ rows: 6 }} />;
  }
  if (!data) {
    return <Alert type="error" showIcon message={error?.message ?? '待办加载失败，请稍后重试'} />;
  }
  return (
    <Card
      size="small"
      title="今日待办"
      extra={<span className={styles.updated}>{`检查于 ${data.updated_at}`}</span>}
      data-testid="todo-list"
    >
      {data.list.length === 0 ? (
        <Empty description={Msg.todoNone} data-testid="todo-empty" />
      ) : (
        <ol className={styles.list}>
          {data.list.map((todo) => (
            <TodoRow key={todo.kind} todo={todo} />
          ))}
        </ol>
      )}
    </Card>
  );
}
