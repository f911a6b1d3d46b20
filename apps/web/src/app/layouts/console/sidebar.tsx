import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import {
  AppstoreOutlined,
  ContactsOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DownOutlined,
  MessageOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  RobotOutlined,
  ScissorOutlined,
  SendOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { Menu as ServerMenu } from '@vidmatrix/contract/api/member';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { useAppConfig } from '../../../api/setting/get-app-config.ts';
import { useMemberInfo } from '../../../api/member/get-member-info.ts';
import { useMenus } from '../../../api/member/get-menus.ts';
import { LogoMark } from '../../../components/icons.tsx';
import { APP_NAME } from '../../../lib/brand.ts';
import { agentLogo, menuKey, menuTrail, splitMenus } from './sidebar-menus.ts';
import styles from './console-layout.module.css';

// A hand-made menu rather than antd Menu: the shell stays free of antd's runtime (the /dashboard budget).

/** antd icon names the server's menus use; anything else gets a generic icon. */
const MENU_ICONS: Record<string, ReactNode> = {
  TeamOutlined: <TeamOutlined aria-hidden />,
  PictureOutlined: <PictureOutlined aria-hidden />,
  CustomerServiceOutlined: <CustomerServiceOutlined aria-hidden />,
  SendOutlined: <SendOutlined aria-hidden />,
  ScissorOutlined: <ScissorOutlined aria-hidden />,
  MessageOutlined: <MessageOutlined aria-hidden />,
  ContactsOutlined: <ContactsOutlined aria-hidden />,
  QuestionCircleOutlined: <QuestionCircleOutlined aria-hidden />,
};

function menuIcon(menu: ServerMenu) {
  if (/^(https?:)?\/\//.test(menu.menu_icon) || menu.menu_icon.startsWith('/')) {
    return <img className={styles.menuImg} src={menu.menu_icon} alt="" />;
  }
  return MENU_ICONS[menu.menu_icon] ?? <AppstoreOutlined aria-hidden />;
}

function staffIcon(menu: ServerMenu) {
  return menu.avatar_url ? (
    <img src={menu.avatar_url} alt="" className={styles.staffAvatar} />
  ) : (
    <span className={styles.staffAvatar}>
      <RobotOutlined aria-hidden />
    </span>
  );
}

/** One sidebar entry as the menu renders it. */
interface Entry {
  key: string;
  label: string;
  icon: ReactNode;
  children: Entry[];
}

function toEntry(menu: ServerMenu): Entry {
  return { key: menuKey(menu), label: menu.menu_name, icon: menuIcon(menu), children: menu.children.map(toEntry) };
}

interface ItemProps {
  entry: Entry;
  collapsed: boolean;
  openKeys: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onNavigate?: () => void;
}

function ItemContent({ entry }: { entry: Entry }) {
  return (
    <>
      <span className={styles.itemIcon}>{entry.icon}</span>
      <span className={styles.itemLabel}>{entry.label}</span>
    </>
  );
}

function MenuItem({ entry, collapsed, openKeys, onToggle, onNavigate }: ItemProps) {
  const title = collapsed ? entry.label : undefined;
  if (entry.children.length === 0) {
    // Only in-app paths navigate (as antd Menu's click handler did); other urls stay inert.
    return (
      <li role="none">
        {entry.key.startsWith('/') ? (
          <NavLink
            to={entry.key}
            end
            role="menuitem"
            title={title}
            className={({ isActive }) => `${styles.item} ${isActive ? styles.itemActive : ''}`}
            onClick={onNavigate}
          >
            <ItemContent entry={entry} />
          </NavLink>
        ) : (
          <span role="menuitem" title={title} className={styles.item}>
            <ItemContent entry={entry} />
          </span>
        )}
      </li>
    );
  }
  // Collapsed, a group opens to the right on hover or focus; open, it expands inline.
  const open = !collapsed && openKeys.has(entry.key);
  return (
    <li role="none" className={`${styles.sub} ${open ? styles.subOpen : ''}`}>
      <button
        type="button"
        role="menuitem"
        aria-haspopup="menu"
        aria-expanded={collapsed ? undefined : open}
        title={title}
        className={styles.item}
        onClick={() => onToggle(entry.key)}
      >
        <ItemContent entry={entry} />
        <DownOutlined aria-hidden className={styles.subArrow} />
      </button>
      <ul role="menu" aria-label={entry.label} className={styles.subList}>
        {entry.children.map((child) => (
          <MenuItem
            key={child.key}
            entry={child}
            collapsed={false}
            openKeys={openKeys}
            onToggle={onToggle}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
    </li>
  );
}

/** Room left beside the current page's item when the menu scrolls to it, px. */
const MENU_SCROLL_MARGIN_PX = 8;

/** The console sidebar (SPEC §2.3): logo, main menu, and the AI智能体员工 section; always dark. */
export function Sidebar({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { data: menus = [] } = useMenus();
  const { data: member } = useMemberInfo();
  const { data: appConfig } = useAppConfig();

  const { main, staff } = useMemo(() => {
    const { main: mainMenus, aiStaff } = splitMenus(menus);
    const dashboard: Entry = {
      key: PublicPath.dashboard,
      label: '控制台',
      icon: <DashboardOutlined aria-hidden />,
      children: [],
    };
    return {
      main: [dashboard, ...mainMenus.filter((m) => m.menu_url !== PublicPath.dashboard).map(toEntry)],
      staff: aiStaff.map((m): Entry => ({ key: menuKey(m), label: m.menu_name, icon: staffIcon(m), children: [] })),
    };
  }, [menus]);

  // Groups on the way to the current page start open; the user opens and closes them afterwards.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const openKeys = useMemo(() => {
    const keys = new Set(menuTrail(menus, pathname));
    toggled.forEach((isOpen, key) => (isOpen ? keys.add(key) : keys.delete(key)));
    return keys;
  }, [menus, pathname, toggled]);
  const handleToggle = (key: string) => setToggled((prev) => new Map(prev).set(key, !openKeys.has(key)));

  // The current page's item is scrolled into the menu's view (the menu only, never the page): on a
  // 768 px window the last AI staff items sit below the menu's fold.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const menu = nav.current;
    const item = menu?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!menu || !item) {
      return;
    }
    const top = item.getBoundingClientRect().top - menu.getBoundingClientRect().top + menu.scrollTop;
    const bottom = top + item.offsetHeight;
    if (top < menu.scrollTop) {
      menu.scrollTop = top - MENU_SCROLL_MARGIN_PX;
    } else if (bottom > menu.scrollTop + menu.clientHeight) {
      menu.scrollTop = bottom - menu.clientHeight + MENU_SCROLL_MARGIN_PX;
    }
  }, [pathname, menus, collapsed, openKeys]);

  // Agents brand the sidebar with their own logo (the theme's variant).
  const brandLogo = agentLogo(member?.agent);
  // admin-logo is a wordmark for light backgrounds; the dark sidebar shows the square merchant icon.
  const appLogo = appConfig?.['merchant-ico'];
  const appName = appConfig?.appName || APP_NAME;
  const itemProps = { collapsed, openKeys, onToggle: handleToggle, onNavigate };

  return (
    <div className={`${styles.sidebarInner} ${collapsed ? styles.collapsed : ''}`}>
      <Link to={PublicPath.dashboard} className={styles.logo} data-testid="sidebar-logo">
        {brandLogo ? (
          <img src={brandLogo} alt={appName} className={collapsed ? styles.logoImgSmall : styles.agentLogo} />
        ) : (
          <>
            {appLogo ? <img src={appLogo} alt="" width={32} height={32} /> : <LogoMark size={32} />}
            {collapsed ? null : <span className={styles.logoText}>{appName}</span>}
          </>
        )}
      </Link>
      <nav ref={nav} className={styles.menu} aria-label="控制台菜单">
        <ul role="menu" className={styles.menuList}>
          {main.map((entry) => (
            <MenuItem key={entry.key} entry={entry} {...itemProps} />
          ))}
        </ul>
        {staff.length > 0 ? (
          <div role="group" aria-labelledby="sidebar-ai-staff">
            <div id="sidebar-ai-staff" className={styles.groupTitle} title={collapsed ? 'AI智能体员工' : undefined}>
              AI智能体员工
            </div>
            <ul role="menu" className={styles.menuList}>
              {staff.map((entry) => (
                <MenuItem key={entry.key} entry={entry} {...itemProps} />
              ))}
            </ul>
          </div>
        ) : null}
      </nav>
    </div>
  );
}
