import { Link, useNavigate } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { readToken } from '../lib/storage-keys.ts';
import styles from './coming-page.module.css';
import { useRouteTitle } from './route-title.ts';

/** The page of a route whose screen is not built yet: its title, a note and a way back. */
export function ComingPage({ title }: { title?: string }) {
  const routeTitle = useRouteTitle();
  const navigate = useNavigate();
  const heading = title ?? routeTitle;
  const home = readToken() ? PublicPath.dashboard : PublicPath.home;
  const handleBack = () => {
    if (window.history.length > 1) {
      void navigate(-1);
    } else {
      void navigate(home);
    }
  };
  return (
    <div className={styles.wrap}>
      <section className={styles.card} aria-label={heading || '功能建设中'}>
        <svg className={styles.art} viewBox="0 0 132 132" aria-hidden="true">
          <defs>
            <linearGradient id="coming-g" x1="0" y1="0" x2="1" y2="1">
              <stop offset="0" stopColor="#d7b8ff" />
              <stop offset="1" stopColor="#8a4cf0" />
            </linearGradient>
          </defs>
          <circle cx="66" cy="66" r="60" fill="#f4ecff" />
          <rect x="30" y="40" width="72" height="52" rx="10" fill="url(#coming-g)" />
          <rect x="40" y="52" width="36" height="6" rx="3" fill="#fff" opacity="0.9" />
          <rect x="40" y="64" width="52" height="6" rx="3" fill="#fff" opacity="0.6" />
          <rect x="40" y="76" width="24" height="6" rx="3" fill="#fff" opacity="0.6" />
          <path d="M86 86l14 14" stroke="#5b2bb5" strokeWidth="8" strokeLinecap="round" />
          <circle cx="84" cy="84" r="10" fill="#fff" stroke="#5b2bb5" strokeWidth="5" />
        </svg>
        {heading ? <h1 className={styles.title}>{heading}</h1> : null}
        <span className={styles.badge}>功能建设中</span>
        <p className={styles.text}>该功能正在紧锣密鼓地建设中，敬请期待。您可以先返回继续使用其他功能。</p>
        <div className={styles.actions}>
          <button type="button" className={styles.ghost} onClick={handleBack}>
            返回上一页
          </button>
          <Link className={styles.primary} to={home}>
            {home === PublicPath.dashboard ? '返回控制台' : '返回首页'}
          </Link>
        </div>
      </section>
    </div>
  );
}
