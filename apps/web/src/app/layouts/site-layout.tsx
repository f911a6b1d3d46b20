import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import type { SiteSetting } from '@vidmatrix/contract/api/setting';
import { HEADER_SCROLL_THRESHOLD_PX } from '@vidmatrix/contract/constants';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { CloseIcon, LogoMark, MenuIcon } from '../../components/icons.tsx';
import { APP_NAME } from '../../lib/brand.ts';
import { SiteNameContext } from '../../lib/site-name.ts';
import { usePageToken } from '../../lib/session-store.ts';
import styles from './site-layout.module.css';

// Server data (site setting, the member) loads after first paint: /home's budget has no room for TanStack Query.
const SiteSettingSource = lazy(() => import('./site/site-data.tsx').then((m) => ({ default: m.SiteSettingSource })));
const SiteAccount = lazy(() => import('./site/site-data.tsx').then((m) => ({ default: m.SiteAccount })));
const LiveSource = lazy(() => import('./site/site-data.tsx').then((m) => ({ default: m.LiveSource })));

const NAV: { to: string; label: string; live?: boolean }[] = [
  { to: PublicPath.home, label: '首页' },
  { to: PublicPath.dashboard, label: 'AI获客智能体' },
  { to: PublicPath.userCourseCenter, label: '流量学院' },
  { to: PublicPath.live, label: '直播', live: true },
  { to: PublicPath.changeLog, label: '更新日志' },
  { to: PublicPath.subscribe, label: '价格' },
  { to: PublicPath.download, label: 'APP下载' },
];

function subscribeScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** True once the page has scrolled past HEADER_SCROLL_THRESHOLD_PX (SPEC §2.3). */
function useScrolled(): boolean {
  return useSyncExternalStore(
    subscribeScroll,
    () => window.scrollY > HEADER_SCROLL_THRESHOLD_PX,
    () => false,
  );
}

function Account() {
  // The pre-rendered header is a visitor's: a member's name shows once the page has hydrated.
  const token = usePageToken();
  if (!token) {
    return (
      <Link className={styles.login} to={PublicPath.homeLogin}>
        登录
      </Link>
    );
  }
  return (
    <Suspense fallback={null}>
      <SiteAccount />
    </Suspense>
  );
}

/** Public marketing layout (SPEC §2.3): header navigation and the record-number footer; no antd. */
export function SiteLayout() {
  const scrolled = useScrolled();
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const [setting, setSetting] = useState<SiteSetting>();
  // The pulsing dot shows only while a live session is on (content module).
  const [liveNow, setLiveNow] = useState(false);
  const systemName = setting?.system_name || APP_NAME;
  // Only the landing page has a hero behind a transparent header.
  const overHero = pathname === PublicPath.home;

  const headerClass = [
    styles.header,
    scrolled ? styles.scrolled : '',
    !overHero || navOpen ? styles.headerSolid : '',
  ].join(' ');

  return (
    <div className={styles.page}>
      <Suspense fallback={null}>
        <SiteSettingSource onChange={setSetting} />
        <LiveSource onChange={setLiveNow} />
      </Suspense>
      <header className={headerClass} data-scrolled={scrolled ? '1' : '0'}>
        <Link className={styles.brand} to={PublicPath.home} data-testid="site-brand">
          {setting?.brand_logo ? <img className={styles.brandLogo} src={setting.brand_logo} alt="" /> : <LogoMark />}
          <span>{systemName}</span>
        </Link>
        <nav className={`${styles.nav} ${navOpen ? styles.navOpen : ''}`} aria-label="主导航">
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
              onClick={() => setNavOpen(false)}
            >
              {item.label}
              {item.live && liveNow ? <span className={styles.live} data-testid="live-dot" /> : null}
            </NavLink>
          ))}
        </nav>
        <div className={styles.account}>
          <Account />
        </div>
        <button
          type="button"
          className={styles.burger}
          aria-label={navOpen ? '关闭菜单' : '打开菜单'}
          onClick={() => setNavOpen((open) => !open)}
        >
          {navOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
      </header>
      <main className={`${styles.main} ${overHero ? '' : styles.padded}`}>
        <SiteNameContext value={systemName}>
          <Outlet />
        </SiteNameContext>
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <div className={styles.footerBrand}>
            {setting?.logo_url ? (
              <img src={setting.logo_url} alt={systemName} height={40} />
            ) : (
              <>
                <LogoMark size={24} />
                {systemName}
              </>
            )}
          </div>
          <div className={styles.records}>
            {setting?.copyright ? <span>{setting.copyright}</span> : <span>© {systemName}</span>}
            {/* Record numbers are shown as issued (京ICP备…号, 京公网安备…号), each linking to its registry. */}
            {setting?.icp ? (
              <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" data-testid="footer-icp">
                {setting.icp}
              </a>
            ) : null}
            {setting?.police_record ? (
              <a href="https://beian.mps.gov.cn/" target="_blank" rel="noreferrer" data-testid="footer-police">
                {setting.police_record}
              </a>
            ) : null}
            {setting?.telecom_licence ? (
              <span data-testid="footer-telecom">增值电信业务经营许可证：{setting.telecom_licence}</span>
            ) : null}
          </div>
        </div>
      </footer>
    </div>
  );
}
