import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  BellOutlined,
  DownOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { UNREAD_BADGE_MAX } from '@vidmatrix/contract/constants';
import { ConsolePath, PublicPath } from '@vidmatrix/contract/console-paths';
import { logout } from '../../../api/auth/logout.ts';
import { useUnreadCount } from '../../../api/customer/get-private-list.ts';
import { useMemberInfo } from '../../../api/member/get-member-info.ts';
import { useRouteTitle } from '../../../components/route-title.ts';
import { withRedirect } from '../../../lib/paths.ts';
import { endSession } from '../../../lib/session.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import styles from './console-layout.module.css';

// Plain elements instead of antd Dropdown/Badge: the console shell carries no antd runtime.
const USER_MENU = [
  { to: PublicPath.dashboard, label: '控制台' },
  { to: PublicPath.debugger, label: '调试设置' },
  { to: PublicPath.chromiumPath, label: '系统设置' },
  { to: PublicPath.setting, label: '修改密码' },
] as const;

/** Signs out (SPEC §4) and lands on /login?redirect={fullPath}. */
function useLogout() {
  const navigate = useNavigate();
  const location = useLocation();
  return async () => {
    const fullPath = `${location.pathname}${location.search}`;
    await logout();
    // No member's kept uploads (files and tus URLs) stay in this browser after a sign-out.
    await import('../../../features/material/components/pending-uploads.ts')
      .then((store) => store.forgetMemberUploads(useSessionStore.getState().username))
      .catch(() => undefined);
    // Leave the console first, so no mounted query refetches without a token.
    await navigate(withRedirect(PublicPath.login, fullPath), { replace: true });
    endSession();
  };
}

/** The console's top bar: sidebar toggle, page title, unread badge, user menu and logout. */
export function Navbar({ opened, onToggle }: { opened: boolean; onToggle: () => void }) {
  const navigate = useNavigate();
  const title = useRouteTitle();
  const handleLogout = useLogout();
  const { data: member } = useMemberInfo();
  // Sum of read_num over the message list; the socket's send_msg refreshes it live.
  const unread = useUnreadCount();

  const [menuOpen, setMenuOpen] = useState(false);
  const userRef = useRef<HTMLDivElement>(null);
  // A click outside or Escape closes the user menu.
  useEffect(() => {
    if (!menuOpen) {
      return undefined;
    }
    const handlePointer = (event: PointerEvent) => {
      if (!userRef.current?.contains(event.target as Node)) {
        setMenuOpen(false);
      }
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
      }
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [menuOpen]);

  const handlePick = (to: string) => {
    setMenuOpen(false);
    void navigate(to);
  };
  const handleMenuLogout = () => {
    setMenuOpen(false);
    void handleLogout();
  };
  const badge = unread > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(unread);

  const name = member?.nickname || member?.username || '';
  return (
    <div className={styles.navbar}>
      <button
        type="button"
        className={styles.toggle}
        aria-label={opened ? '收起侧边栏' : '展开侧边栏'}
        data-testid="sidebar-toggle"
        onClick={onToggle}
      >
        {opened ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
      </button>
      <h1 className={styles.pageTitle}>{title}</h1>
      <div className={styles.navRight}>
        <Link
          to={ConsolePath.customerChat}
          className={styles.iconLink}
          // The name holds the visible count, so a reader hears what a sighted member sees.
          aria-label={unread > 0 ? `客户消息，${badge} 条未读` : '客户消息'}
          title="客户消息"
          data-testid="unread-badge"
        >
          <span className={styles.badgeWrap}>
            <BellOutlined aria-hidden className={styles.navIcon} />
            {unread > 0 ? (
              <sup className={styles.badge} title={String(unread)}>
                {badge}
              </sup>
            ) : null}
          </span>
        </Link>
        <div className={styles.userWrap} ref={userRef}>
          <button
            type="button"
            className={`${styles.user} ${menuOpen ? styles.userOpen : ''}`}
            data-testid="user-menu"
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((v) => !v)}
          >
            {member?.avatar_url ? (
              <img className={styles.avatar} src={member.avatar_url} alt="" />
            ) : (
              <span className={styles.avatar}>
                <UserOutlined aria-hidden />
              </span>
            )}
            <span className={styles.userName}>{name}</span>
            <DownOutlined aria-hidden className={styles.caret} />
          </button>
          {menuOpen ? (
            <ul role="menu" className={styles.userMenu}>
              {USER_MENU.map((item) => (
                <li role="none" key={item.to}>
                  <button
                    type="button"
                    role="menuitem"
                    className={styles.userMenuItem}
                    onClick={() => handlePick(item.to)}
                  >
                    {item.label}
                  </button>
                </li>
              ))}
              <li role="separator" className={styles.userMenuDivider} />
              <li role="none">
                <button type="button" role="menuitem" className={styles.userMenuItem} onClick={handleMenuLogout}>
                  <LogoutOutlined aria-hidden />
                  退出登录
                </button>
              </li>
            </ul>
          ) : null}
        </div>
        <button type="button" onClick={() => void handleLogout()} className={styles.logout} data-testid="logout">
          <LogoutOutlined aria-hidden />
          <span className={styles.logoutText}>退出</span>
        </button>
      </div>
    </div>
  );
}
