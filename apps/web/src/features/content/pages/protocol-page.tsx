import { Link, useSearchParams } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { useAgreement } from '../api/get-agreement.ts';
import { MarkdownView } from '../components/markdown-view.tsx';
import { PageHero, QueryState } from '../components/page-parts.tsx';
import styles from './content-page.module.css';

/** /protocol: the user agreement, or the privacy policy with `?tab=privacy`; versioned. */
export function ProtocolPage() {
  const [params] = useSearchParams();
  const kind = params.get('tab') === 'privacy' ? 'privacy' : 'agreement';
  const query = useAgreement(kind);
  return (
    <>
      <PageHero title="用户协议与隐私政策" text="请仔细阅读。协议更新后，登录时会请您重新确认。" />
      <div className={`${styles.wrap} ${styles.narrow}`}>
        <nav className={styles.tabs} aria-label="协议">
          <Link className={`${styles.tab} ${kind === 'agreement' ? styles.tabActive : ''}`} to={PublicPath.protocol}>
            用户协议
          </Link>
          <Link
            className={`${styles.tab} ${kind === 'privacy' ? styles.tabActive : ''}`}
            to={`${PublicPath.protocol}?tab=privacy`}
          >
            隐私政策
          </Link>
        </nav>
        <QueryState query={query} empty="">
          {(doc) => (
            <article className={styles.card} data-testid="protocol">
              <h2 style={{ margin: '0 0 6px' }}>{doc.title}</h2>
              <p className={styles.muted} style={{ margin: 0 }}>
                版本 {doc.version}
                {doc.date ? ` · 生效日期 ${doc.date}` : ''}
              </p>
              <MarkdownView source={doc.body} />
            </article>
          )}
        </QueryState>
      </div>
    </>
  );
}
