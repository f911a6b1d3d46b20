import { describe, expect, it } from 'vitest';
import type { Menu } from '@vidmatrix/contract/api/member';
import { AI_STAFF_MENU_IDS } from '@vidmatrix/contract/constants';
import { agentLogo, menuTrail, splitMenus } from './sidebar-menus.ts';

const menu = (menu_id: number, menu_url: string, children: Menu[] = []): Menu => ({
  menu_id,
  pid: 0,
  menu_name: String(menu_id),
  menu_url,
  menu_icon: '',
  avatar_url: '',
  children,
});

describe('splitMenus', () => {
  it('moves AI staff entries to their own section, nested ones too', () => {
    const [first, second] = AI_STAFF_MENU_IDS;
    const { main, aiStaff } = splitMenus([
      menu(1, '/account/index'),
      menu(first, '/ai/lead'),
      menu(2, '', [menu(3, '/customer/chat'), menu(second, '/ai/clip')]),
    ]);
    expect(aiStaff.map((m) => m.menu_id)).toEqual([first, second]);
    expect(main.map((m) => m.menu_id)).toEqual([1, 2]);
    expect(main[1]?.children.map((m) => m.menu_id)).toEqual([3]);
  });
});

describe('menuTrail', () => {
  it('finds the open submenus of a path', () => {
    const tree = [menu(2, '', [menu(3, '/customer/chat')])];
    expect(menuTrail(tree, '/customer/chat')).toEqual(['menu-2', '/customer/chat']);
    expect(menuTrail(tree, '/nope')).toEqual([]);
  });
});

describe('agentLogo', () => {
  const agent = { is_wechat_service: 0, logo_white: '/w.png', logo_black: '/b.png' };
  it('picks the logo of the theme, black by default', () => {
    expect(agentLogo(agent)).toBe('/b.png');
    expect(agentLogo(agent, 'light')).toBe('/w.png');
    expect(agentLogo(null)).toBe('');
  });
});
