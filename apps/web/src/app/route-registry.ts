import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import type { Menu } from '@vidmatrix/contract/api/member';
import { ConsolePath, PublicPath } from '@vidmatrix/contract/console-paths';
import { withDeadline } from '../lib/deadline.ts';

/** A lazy route module loader (the function form of `lazy`; the per-property object form is not used). */
export type LazyRoute = Extract<NonNullable<RouteObject['lazy']>, () => unknown>;

/** A lazy route of a module's component: `lazyPage(() => import('./x.tsx'), (m) => m.X)`; its code has CHUNK_DEADLINE_MS. */
export const lazyPage =
  <M>(load: () => Promise<M>, pick: (m: M) => ComponentType): LazyRoute =>
  async () => ({ Component: pick(await withDeadline(load())) });

/** A lazy route whose code must arrive within CHUNK_DEADLINE_MS (the menu pages below are plain loaders). */
const inTime =
  (lazy: LazyRoute): LazyRoute =>
  () =>
    withDeadline(Promise.resolve(lazy()));

/** Every lazy route of `pages` with CHUNK_DEADLINE_MS. */
const allInTime = <K extends string>(pages: Partial<Record<K, LazyRoute>>): Partial<Record<K, LazyRoute>> =>
  Object.fromEntries(
    Object.entries<LazyRoute | undefined>(pages).map(([url, lazy]) => [url, lazy && inTime(lazy)]),
  ) as Partial<Record<K, LazyRoute>>;

/** The "功能建设中" page for routes whose screen is not built yet. */
export const comingPage: LazyRoute = async () => ({
  Component: (await withDeadline(import('../components/coming-page.tsx'))).ComingPage,
});

type MenuUrl = (typeof ConsolePath)[keyof typeof ConsolePath];

/**
 * Pages of server menus, by menu_url. Feature issues add their page here, e.g.
 * `[ConsolePath.materials]: () => import('../features/material/pages/material-page.tsx').then(...)`.
 * A menu url without an entry gets the coming page.
 */
export const menuPages: Partial<Record<MenuUrl | (string & {}), LazyRoute>> = allInTime({
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
  [ConsolePath.batchPublish]: async () => ({
    Component: (await import('../features/publish/pages/publish-page.tsx')).PublishPage,
  }),
  [ConsolePath.aiClip]: async () => ({
    Component: (await import('../features/clip/pages/ai-clip-staff-page.tsx')).AiClipStaffPage,
  }),
  [ConsolePath.accounts]: async () => ({
    Component: (await import('../features/enterprise-account/pages/accounts-page.tsx')).AccountsPage,
  }),
  [ConsolePath.help]: async () => ({
    Component: (await import('../features/content/pages/help-page.tsx')).HelpPage,
  }),
  [ConsolePath.aiLead]: async () => ({ Component: (await import('./routes/ai-staff-pages.tsx')).AiLeadPage }),
  [ConsolePath.aiService]: async () => ({ Component: (await import('./routes/ai-staff-pages.tsx')).AiServicePage }),
  [ConsolePath.aiOperate]: async () => ({ Component: (await import('./routes/ai-staff-pages.tsx')).AiOperatePage }),
  [ConsolePath.aiData]: async () => ({ Component: (await import('./routes/ai-staff-pages.tsx')).AiDataPage }),
  [ConsolePath.aiPublish]: async () => ({ Component: (await import('./routes/ai-staff-pages.tsx')).AiPublishPage }),
});

/** True for a menu url the router can mount (an in-app absolute path). */
export function isRoutableUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** Every routable menu url of the tree. */
export function menuUrls(menus: readonly Menu[]): Set<string> {
  const urls = new Set<string>();
  const visit = (items: readonly Menu[]) => {
    for (const menu of items) {
      const url = menu.menu_url.trim();
      if (isRoutableUrl(url)) {
        urls.add(url);
      }
      visit(menu.children);
    }
  };
  visit(menus);
  return urls;
}

/**
 * Flattens the menu tree into routes (menu_url → page); `taken` paths are skipped. Patched routes
 * outlive a logout, so each asks `currentMenus` on every visit and sends a member whose menus lack
 * it to /404: the previous member's menus never open for the next one (SPEC §4).
 */
export function menuRoutes(
  menus: readonly Menu[],
  taken: ReadonlySet<string>,
  currentMenus: () => Promise<readonly Menu[]> = () => Promise.resolve(menus),
): RouteObject[] {
  return [...menuUrls(menus)]
    .filter((url) => !taken.has(url))
    .map((url) => ({
      id: `menu:${url}`,
      path: url,
      handle: { title: titleOf(menus, url) },
      loader: async () => (menuUrls(await currentMenus()).has(url) ? null : redirect(PublicPath.notFound)),
      lazy: menuPages[url] ?? comingPage,
    }));
}

/** The name of the first menu at `url`. */
function titleOf(menus: readonly Menu[], url: string): string {
  for (const menu of menus) {
    if (menu.menu_url.trim() === url) {
      return menu.menu_name;
    }
    const inner = titleOf(menu.children, url);
    if (inner) {
      return inner;
    }
  }
  return '';
}
