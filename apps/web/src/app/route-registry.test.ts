import { describe, expect, it } from 'vitest';
import type { Menu } from '@vidmatrix/contract/api/member';
import { comingPage, menuRoutes } from './route-registry.ts';

const menu = (menu_id: number, menu_url: string, children: Menu[] = []): Menu => ({
  menu_id,
  pid: 0,
  menu_name: `菜单${menu_id}`,
  menu_url,
  menu_icon: '',
  avatar_url: '',
  children,
});

describe('menuRoutes', () => {
  it('turns every menu url of the tree into a route with its title', () => {
    const routes = menuRoutes([menu(1, '', [menu(2, '/customer/chat'), menu(3, '/operate/Help')])], new Set());
    expect(routes.map((r) => r.path)).toEqual(['/customer/chat', '/operate/Help']);
    expect(routes[0]?.handle).toEqual({ title: '菜单2' });
  });
  it('gives unknown menu urls the coming page', () => {
    const [route] = menuRoutes([menu(1, '/unknown/page')], new Set());
    expect(route?.lazy).toBe(comingPage);
  });
  it('skips taken paths, duplicates and external links', () => {
    const routes = menuRoutes(
      [menu(1, '/dashboard'), menu(2, '/a'), menu(3, '/a'), menu(4, 'https://x.example'), menu(5, '//x')],
      new Set(['/dashboard']),
    );
    expect(routes.map((r) => r.path)).toEqual(['/a']);
  });
  it('sends a member whose menus lack the route to /404 (routes outlive the member who patched them)', async () => {
    const [route] = menuRoutes([menu(1, '/customer/chat')], new Set(), () => Promise.resolve([menu(9, '/other')]));
    const loader = route?.loader as () => Promise<Response | null>;
    const answer = await loader();
    expect(answer?.status).toBe(302);
    expect(answer?.headers.get('Location')).toBe('/404');
    const [own] = menuRoutes([menu(1, '/customer/chat')], new Set());
    expect(await (own?.loader as () => Promise<Response | null>)()).toBeNull();
  });
});
