import type { AgentInfo, Menu } from '@vidmatrix/contract/api/member';
import { AI_STAFF_MENU_IDS } from '@vidmatrix/contract/constants';

/** The sidebar's two sections (SPEC §2.3). */
export interface SidebarSections {
  /** Ordinary menus, as a tree. */
  main: Menu[];
  /** AI staff entries (menu_id in AI_STAFF_MENU_IDS), wherever they sit in the tree. */
  aiStaff: Menu[];
}

const AI_STAFF = new Set<number>(AI_STAFF_MENU_IDS);

/** Splits the menu tree into the main menu and the AI智能体员工 section. */
export function splitMenus(menus: readonly Menu[]): SidebarSections {
  const aiStaff: Menu[] = [];
  const keep = (items: readonly Menu[]): Menu[] =>
    items.flatMap((menu) => {
      if (AI_STAFF.has(menu.menu_id)) {
        aiStaff.push(menu);
        return [];
      }
      return [{ ...menu, children: keep(menu.children) }];
    });
  const main = keep(menus);
  return { main, aiStaff };
}

/** The menu_urls from the root down to the entry whose url is `path` (for open submenus). */
export function menuTrail(menus: readonly Menu[], path: string): string[] {
  for (const menu of menus) {
    if (menu.menu_url === path) {
      return [menu.menu_url];
    }
    const below = menuTrail(menu.children, path);
    if (below.length > 0) {
      return [menuKey(menu), ...below];
    }
  }
  return [];
}

/** The sidebar key of an entry: its url, or its id when it only groups children. */
export function menuKey(menu: Menu): string {
  return menu.menu_url || `menu-${menu.menu_id}`;
}

/** The sidebar theme: SPEC §2.3 says it is always black. */
export const SIDEBAR_THEME: 'dark' | 'light' = 'dark';

/** An agent's own sidebar logo for a theme (logo_black on dark, logo_white on light); '' when none. */
export function agentLogo(agent: AgentInfo | null | undefined, theme: 'dark' | 'light' = SIDEBAR_THEME): string {
  if (!agent) {
    return '';
  }
  return theme === 'dark' ? agent.logo_black : agent.logo_white;
}
