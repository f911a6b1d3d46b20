import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { PageLoading } from '../components/page-loading.tsx';
import { RouteError } from '../components/route-error.tsx';
import { withDeadline } from '../lib/deadline.ts';
import { readToken } from '../lib/storage-keys.ts';
import { RootShell } from './layouts/root-shell.tsx';
import { lazyPage, menuRoutes } from './route-registry.ts';
import { routeGuard } from './route-guard.ts';
import { clipRoutes } from './routes/clip-routes.ts';
import { consoleRoutes, dashboardRoute } from './routes/console-routes.ts';
import {
  agentCenterRoute,
  contentRoutes,
  homeRoute,
  signInRoutes,
  siteRoutes,
  standaloneRoutes,
  loginRoute,
} from './routes/site-routes.ts';

/** Id of the console layout route. */
export const CONSOLE_ROUTE_ID = 'console';
/** Id of the console's antd pages (every console page but the dashboard); server menus are patched in here. */
export const CONSOLE_PAGES_ROUTE_ID = 'console-pages';

// Pathless layouts: TanStack Query for every page but the public site's (/home, /agentCenter, the
// content pages, /homeLogin, /register and /login), antd for every console page but /dashboard.
const queryOutlet = lazyPage(
  () => import('./layouts/query-outlet.tsx'),
  (m) => m.QueryOutlet,
);
const antdOutlet = lazyPage(
  () => import('./layouts/antd-outlet.tsx'),
  (m) => m.AntdOutlet,
);

/** Pages under the console layout that use antd: each area's own file adds to it. */
const consolePages: RouteObject[] = [...consoleRoutes, ...clipRoutes];

/** Paths with a page of their own; a server menu pointing at one of them adds no route. */
const staticPaths = new Set(
  [homeRoute, agentCenterRoute, ...contentRoutes, ...signInRoutes, ...siteRoutes, dashboardRoute, ...consolePages]
    .map((r) => r.path)
    .filter((p): p is string => typeof p === 'string'),
);

/** Every route of SPEC §2.1; server menus are patched under the console layout later. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: routeGuard,
    // The guard runs on every navigation, not only when params change.
    shouldRevalidate: () => true,
    Component: RootShell,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      { index: true, loader: () => redirect(PublicPath.home) },
      {
        path: 'redirect/*',
        loader: ({ params, request }) => redirect(`/${params['*'] ?? ''}${new URL(request.url).search}`),
      },
      loginRoute,
      {
        id: 'pages',
        lazy: queryOutlet,
        children: [
          ...standaloneRoutes,
          {
            id: CONSOLE_ROUTE_ID,
            lazy: lazyPage(
              () => import('./layouts/console-layout.tsx'),
              (m) => m.ConsoleLayout,
            ),
            children: [dashboardRoute, { id: CONSOLE_PAGES_ROUTE_ID, lazy: antdOutlet, children: consolePages }],
          },
        ],
      },
      {
        id: 'site',
        lazy: lazyPage(
          () => import('./layouts/site-layout.tsx'),
          (m) => m.SiteLayout,
        ),
        children: [
          homeRoute,
          agentCenterRoute,
          ...contentRoutes,
          ...signInRoutes,
          { id: 'site-pages', lazy: queryOutlet, children: siteRoutes },
        ],
      },
      // Unknown paths go to /404 when signed in; without a token the guard sends them to sign-in
      // (loaders run in parallel, so this one must not race the guard's redirect).
      // element: null keeps React Router from warning about an empty leaf before it redirects.
      { path: '*', loader: () => (readToken() ? redirect(PublicPath.notFound) : null), element: null },
    ],
  },
];

const patched = new Set<string>();

/** Creates the data router; server menus become routes on the first navigation that needs them. */
export function createAppRouter() {
  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ patch }) {
      if (!readToken()) {
        return;
      }
      let menus;
      let loadMenus;
      try {
        ({ loadMenus } = await withDeadline(import('./load-session.ts')));
        menus = await loadMenus();
      } catch {
        // The guard reports a broken session; an unmatched path then falls through to /404.
        return;
      }
      const fresh = menuRoutes(menus, new Set([...staticPaths, ...patched]), loadMenus);
      fresh.forEach((route) => patched.add(route.path ?? ''));
      if (fresh.length > 0) {
        patch(CONSOLE_PAGES_ROUTE_ID, fresh);
      }
    },
  });
}
