import { Link } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { useSessionStore } from '../../../lib/session-store.ts';
import styles from './system-page.module.css';

/** /404: the page every unknown path lands on. */
export function NotFoundPage() {
  const token = useSessionStore((s) => s.token);
  return (
    <main className={styles.full}>
      <div className={styles.box}>
        <div className={styles.code}>404</div>
        <h1>页面不存在</h1>
        <p>您访问的页面不存在或已被移除，请检查地址是否正确。</p>
        <div className={styles.actions}>
          <Link className={styles.ghost} to={PublicPath.home}>
            返回首页
          </Link>
          {token ? (
            <Link className={styles.primary} to={PublicPath.dashboard}>
              进入控制台
            </Link>
          ) : null}
        </div>
      </div>
    </main>
  );
}
