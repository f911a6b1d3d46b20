import type { ReactNode } from 'react';
import type { PageDataResult } from '../../../lib/page-data.ts';
import styles from '../pages/content-page.module.css';

/** The dark band under the public header with a page's title and a line about it. */
export function PageHero({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <section className={styles.hero}>
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </section>
  );
}

/**
 * Loading, error and empty states of a page's content call; `children` renders its data. The failure is
 * shown here, so the content calls are quiet (`disableMessage`): a toast would say it twice and load antd's
 * message onto a public page.
 */
export function QueryState<T>({
  query,
  empty,
  children,
}: {
  query: PageDataResult<T>;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return <p className={styles.state}>加载中…</p>;
  }
  if (query.isError) {
    return (
      <p className={styles.state} role="alert">
        加载失败：{query.error.message}
      </p>
    );
  }
  if (Array.isArray(query.data) && query.data.length === 0) {
    return <p className={styles.state}>{empty}</p>;
  }
  return <>{children(query.data)}</>;
}
