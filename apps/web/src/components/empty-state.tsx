import type { ReactNode } from 'react';
import { Empty } from 'antd';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  /** What the page is for, in one line (管理您在各平台的账号). */
  title: string;
  /** What appears here once the member starts, and how. */
  description: string;
  /** The first thing to do: a button or link that starts it. */
  action?: ReactNode;
}

/** An empty list that says what it is for and offers its first action, instead of a bare 暂无数据. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <Empty
      className={styles.empty}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <strong className={styles.title}>{title}</strong>
          <span className={styles.description}>{description}</span>
        </>
      }
      data-testid="empty-state"
    >
      {action}
    </Empty>
  );
}
