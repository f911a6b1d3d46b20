import { Link } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import styles from './system-page.module.css';

/** /401: no permission for the page. */
export function UnauthorizedPage() {
  return (
    <main className={styles.full}>
      <div className={styles.box}>
        <div className={styles.code}>401</div>
        <h1>暂无访问权限</h1>
        <p>您没有访问该页面的权限，如需开通请联系管理员，或切换账号后重试。</p>
        <div className={styles.actions}>
          <Link className={styles.ghost} to={PublicPath.home}>
            返回首页
          </Link>
          <Link className={styles.primary} to={PublicPath.login}>
            重新登录
          </Link>
        </div>
      </div>
    </main>
  );
}
