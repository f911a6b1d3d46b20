import { lazy, Suspense, useCallback, useEffect, type CSSProperties } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { SIDEBAR_WIDTH_PX } from '@vidmatrix/contract/constants';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { useStorageInfo } from '../../api/storage/get-storage-info.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { useIsMobile } from '../../lib/use-media-query.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { useUiStore } from '../../lib/ui-store.ts';
import { Navbar } from './console/navbar.tsx';
import { Sidebar } from './console/sidebar.tsx';
import { StatusBar } from './console/status-bar.tsx';
import { UpdateHost } from './console/update-host.tsx';
import { useChatSocket } from './console/use-chat-socket.ts';
import { logout } from '../../api/auth/logout.ts';
import { endSession } from '../../lib/session.ts';
import { useDesktopSession } from './console/use-desktop-session.ts';
import styles from './console/console-layout.module.css';
import { SiteLayout } from './site-layout.tsx';

// The policy panel (SPEC §4) asks until the member agrees to the current user agreement.
const PolicyPanel = lazy(() =>
  import('../../features/content/components/policy-panel.tsx').then((m) => ({ default: m.PolicyPanel })),
);

// The AI window shows for few members; its code loads only when rendered.
const AiServiceWindow = lazy(() =>
  import('./console/ai-service-window.tsx').then((m) => ({ default: m.AiServiceWindow })),
);

/** Width of the collapsed sidebar (icons only), px. */
const COLLAPSED_WIDTH_PX = 72;

/** The mobile sidebar: a panel sliding in from the left over a mask; Escape or the mask closes it. */
function SidebarDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  useEffect(() => {
    if (!open) {
      return undefined;
    }
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
      }
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    window.addEventListener('keydown', handleKey);
    return () => {
      document.body.style.overflow = overflow;
      window.removeEventListener('keydown', handleKey);
    };
  }, [open, onClose]);

  return (
    <div className={`${styles.drawer} ${open ? styles.drawerOpen : ''}`}>
      <div className={styles.drawerMask} onClick={onClose} aria-hidden="true" />
      <div
        className={styles.drawerPanel}
        style={{ width: SIDEBAR_WIDTH_PX }}
        role="dialog"
        aria-modal="true"
        aria-label="菜单"
        data-testid="sidebar"
        data-mobile="1"
      >
        <Sidebar collapsed={false} onNavigate={onClose} />
      </div>
    </div>
  );
}

function ConsoleShell() {
  const isMobile = useIsMobile();
  const opened = useUiStore((s) => s.sidebarOpened);
  const drawerOpened = useUiStore((s) => s.drawerOpened);
  const toggleSidebar = useUiStore((s) => s.toggleSidebar);
  const setDrawer = useUiStore((s) => s.setDrawer);
  // Keeps the upload credentials fresh (STORAGE_INFO_REFRESH_MS) while the console is open.
  useStorageInfo();
  useChatSocket();
  useDesktopSession();

  const closeDrawer = useCallback(() => setDrawer(false), [setDrawer]);
  const navigate = useNavigate();
  // Declining the agreement signs out (SPEC §4 logout) and returns to the public home page.
  const declinePolicy = () => {
    void logout().then(async () => {
      await navigate(PublicPath.home, { replace: true });
      endSession();
    });
  };
  const handleToggle = () => (isMobile ? setDrawer(!drawerOpened) : toggleSidebar());
  const siderWidth: CSSProperties = { width: opened ? SIDEBAR_WIDTH_PX : COLLAPSED_WIDTH_PX };

  return (
    <div className={`${styles.layout} ${isMobile ? styles.mobile : ''}`}>
      {isMobile ? (
        <SidebarDrawer open={drawerOpened} onClose={closeDrawer} />
      ) : (
        <aside className={styles.sider} style={siderWidth} data-testid="sidebar" data-collapsed={opened ? '0' : '1'}>
          <Sidebar collapsed={!opened} />
        </aside>
      )}
      <div className={styles.main}>
        <header className={styles.header} data-testid="console-header">
          <Navbar opened={isMobile ? drawerOpened : opened} onToggle={handleToggle} />
        </header>
        <main className={styles.content}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <StatusBar />
        <UpdateHost />
        <Suspense fallback={null}>
          <AiServiceWindow />
        </Suspense>
        <Suspense fallback={null}>
          <PolicyPanel onDecline={declinePolicy} />
        </Suspense>
      </div>
    </div>
  );
}

/**
 * The console layout (SPEC §2.3), plain CSS: antd loads with the pages that use it (app/layouts/antd-outlet.tsx).
 * Without a token (only /dashboard allows that) it is the public site.
 */
export function ConsoleLayout() {
  const token = useSessionStore((s) => s.token);
  if (!token) {
    return <SiteLayout />;
  }
  return <ConsoleShell />;
}
