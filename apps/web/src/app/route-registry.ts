import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { Menu } from '@vidmatrix/contract/api/member';
import { ConsolePath } from '@vidmatrix/contract/console-paths';

/** A lazy route module loader. */
export type LazyRoute = NonNullable<RouteObject['lazy']>;

/** A lazy route of a module's component: `lazyPage(() => import('./x.tsx'), (m) => m.X)`. */
export const lazyPage =
  <M>(load: () => Promise<M>, pick: (m: M) => ComponentType): LazyRoute =>
  async () => ({ Component: pick(await load()) });

/** The "功能建设中" page for routes whose screen is not built yet. */
export const comingPage: LazyRoute = async () => ({
  Component: (await import('../components/coming-page.tsx')).ComingPage,
});

type MenuUrl = (typeof ConsolePath)[keyof typeof ConsolePath];

/**
 * Pages of server menus, by menu_url. Feature issues add their page here, e.g.
 * `[ConsolePath.materials]: () => import('../features/material/pages/material-page.tsx').then(...)`.
 * A menu url without an entry gets the coming page.
 */
export const menuPages: Partial<Record<MenuUrl | (string & {}), LazyRoute>> = {
  [ConsolePath.materials]: async () => ({
    Component: (await import('../features/material/pages/material-page.tsx')).MaterialPage,
  }),
  [ConsolePath.music]: async () => ({
    Component: (await import('../features/material/pages/music-page.tsx')).MusicPage,
  }),
  [ConsolePath.customerChat]: async () => ({
    Component: (await import('../features/customer/pages/chat-page.tsx')).ChatPage,
  }),
  [ConsolePath.customerLeads]: async () => ({
    Component: (await import('../features/customer/pages/leads-page.tsx')).LeadsPage,
  }),
  [ConsolePath.clipTasks]: async () => ({
    Component: (await import('../features/clip/pages/task-list-page.tsx')).ClipTaskListPage,
  }),
  [ConsolePath.accounts]: async () => ({
    Component: (await import('../features/enterprise-account/pages/accounts-page.tsx')).AccountsPage,
  }),
};

/** True for a menu url the router can mount (an in-app absolute path). */
export function isRoutableUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** Flattens the menu tree into routes (menu_url → page); `taken` paths are skipped. */
export function menuRoutes(menus: readonly Menu[], taken: ReadonlySet<string>): RouteObject[] {
  const routes: RouteObject[] = [];
  const seen = new Set(taken);
  const visit = (items: readonly Menu[]) => {
    for (const menu of items) {
      const url = menu.menu_url.trim();
      if (isRoutableUrl(url) && !seen.has(url)) {
        seen.add(url);
        routes.push({
          id: `menu:${url}`,
          path: url,
          handle: { title: menu.menu_name },
          lazy: menuPages[url] ?? comingPage,
        });
      }
      visit(menu.children);
    }
  };
  visit(menus);
  return routes;
}
