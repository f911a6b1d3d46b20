import type { LiveSession } from '@vidmatrix/contract/api/content';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import { useLive } from '../../../api/content/get-live.ts';
import { MarkdownView } from '../components/markdown-view.tsx';
import { PageHero, QueryState } from '../components/page-parts.tsx';
import styles from './content-page.module.css';

const STATE_LABEL = { live: '直播中', upcoming: '即将开始', ended: '已结束' } as const;
const STATE_CLASS = { live: styles.tagLive, upcoming: '', ended: styles.tagGrey } as const;

function Session({ session }: { session: LiveSession }) {
  return (
    <article
      className={`${styles.card} ${styles.session} ${session.state === 'live' ? styles.sessionLive : ''}`}
      data-testid="live-session"
      data-state={session.state}
    >
      <div>
        <span className={`${styles.tag} ${STATE_CLASS[session.state]}`}>{STATE_LABEL[session.state]}</span>
        <h2>{session.title}</h2>
        <p className={styles.when}>
          {formatServerTime(session.starts_at).slice(0, 16)} – {formatServerTime(session.ends_at).slice(11, 16)}
          {session.host ? ` · 主讲：${session.host}` : ''}
        </p>
        <MarkdownView source={session.body} />
      </div>
      {session.state === 'ended' ? (
        session.replay ? (
          <a className={styles.button} href={session.replay} target="_blank" rel="noreferrer">
            观看回放
          </a>
        ) : (
          <span className={`${styles.button} ${styles.disabled}`}>回放整理中</span>
        )
      ) : null}
    </article>
  );
}

/** /live: sessions live now, upcoming and replays, by the server's clock. */
export function LivePage() {
  const query = useLive();
  return (
    <>
      <PageHero title="直播" text="每周直播答疑：矩阵运营、AI剪辑与批量发布的实操演示。" />
      <div className={`${styles.wrap} ${styles.narrow}`}>
        <QueryState query={query} empty="暂无直播安排">
          {(live) =>
            live.sessions.length === 0 ? (
              <p className={styles.state}>暂无直播安排</p>
            ) : (
              <div className={styles.sessions}>
                {[...live.sessions]
                  .sort((a, b) => order(a) - order(b) || a.starts_at - b.starts_at)
                  .map((session) => (
                    <Session key={session.slug} session={session} />
                  ))}
              </div>
            )
          }
        </QueryState>
      </div>
    </>
  );
}

/** Live first, then upcoming, then replays. */
function order(session: LiveSession): number {
  return { live: 0, upcoming: 1, ended: 2 }[session.state];
}
