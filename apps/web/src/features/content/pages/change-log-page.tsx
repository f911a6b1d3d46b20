import { useSiteName } from '../../../lib/site-name.ts';
import { MarkdownView } from '../components/markdown-view.tsx';
import { useChangelog } from '../api/get-changelog.ts';
import { PageHero, QueryState } from '../components/page-parts.tsx';
import styles from './content-page.module.css';

const CLIENT_LABEL = { all: '全部', web: '网页端', desktop: '桌面端', server: '服务端' } as const;

/** /changeLog: the product's change log, newest first (content module). */
export function ChangeLogPage() {
  const query = useChangelog();
  const siteName = useSiteName();
  return (
    <>
      <PageHero title="更新日志" text={`${siteName}的每一次更新：新功能、改进与修复。`} />
      <div className={`${styles.wrap} ${styles.narrow}`}>
        <QueryState query={query} empty="暂无更新记录">
          {(entries) => (
            <ol className={styles.timeline}>
              {entries.map((entry) => (
                <li key={entry.version} className={`${styles.entry} ${styles.card}`} data-testid="changelog-entry">
                  <div className={styles.entryHead}>
                    <span className={styles.version}>v{entry.version}</span>
                    <span className={styles.tag}>{CLIENT_LABEL[entry.client]}</span>
                    <time className={styles.muted}>{entry.date}</time>
                  </div>
                  <h2>{entry.title}</h2>
                  <MarkdownView source={entry.body} />
                </li>
              ))}
            </ol>
          )}
        </QueryState>
      </div>
    </>
  );
}
