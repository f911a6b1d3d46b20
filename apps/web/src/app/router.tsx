import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { CLIP_PATHS, PublicPath } from '@vidmatrix/contract/console-paths';
import { PageLoading } from '../components/page-loading.tsx';
import { RouteError } from '../components/route-error.tsx';
import { readToken } from '../lib/storage-keys.ts';
import { RootShell } from './layouts/root-shell.tsx';
import { comingPage, menuRoutes, type LazyRoute } from './route-registry.ts';
import { routeGuard } from './route-guard.ts';

/** Id of the console layout route. */
export const CONSOLE_ROUTE_ID = 'console';
/** Id of the console's antd pages (every console page but the dashboard); server menus are patched in here. */
export const CONSOLE_PAGES_ROUTE_ID = 'console-pages';

/** Titles of the clip-task pages (SPEC §2.1). */
const CLIP_TITLES: Record<(typeof CLIP_PATHS)[number], string> = {
  '/clip/AddTask': '新建剪辑任务',
  '/clip/AddTaskOneClick': '一键成片',
  '/clip/AddTaskGroupClick': '组合成片',
  '/clip/VideoTemplate': '选择视频模板',
  '/clip/ClipVideo': '视频剪辑',
  '/clip/ScriptClip': '脚本剪辑',
  '/clip/CpMode': '图文混剪',
  '/clip/OralMode': '口播模式',
  '/clip/ImageVideoMode': '图片成片',
  '/clip/AiClipVideo': 'AI智能剪辑',
  '/clip/ClipGroupVideo': '组合剪辑',
};

const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType): LazyRoute =>
  async () => ({ Component: pick(await load()) });

// Pathless layouts: TanStack Query for every page but /home, antd for every console page but /dashboard.
const queryOutlet = page(
  () => import('./layouts/query-outlet.tsx'),
  (m) => m.QueryOutlet,
);
const antdOutlet = page(
  () => import('./layouts/antd-outlet.tsx'),
  (m) => m.AntdOutlet,
);

const homeRoute: RouteObject = {
  path: PublicPath.home,
  handle: { title: '首页' },
  lazy: page(
    () => import('../features/site/pages/home-page.tsx'),
    (m) => m.HomePage,
  ),
};

const siteRoutes: RouteObject[] = [
  {
    path: PublicPath.homeLogin,
    handle: { title: '登录' },
    lazy: page(
      () => import('../features/auth/pages/home-login-page.tsx'),
      (m) => m.HomeLoginPage,
    ),
  },
  {
    path: PublicPath.register,
    handle: { title: '注册' },
    lazy: page(
      () => import('../features/auth/pages/register-page.tsx'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: PublicPath.download,
    handle: { title: 'APP下载' },
    lazy: page(
      () => import('../features/site/pages/download-page.tsx'),
      (m) => m.DownloadPage,
    ),
  },
  { path: PublicPath.changeLog, handle: { title: '更新日志' }, lazy: comingPage },
  { path: PublicPath.subscribe, handle: { title: '价格' }, lazy: comingPage },
  { path: PublicPath.live, handle: { title: '直播' }, lazy: comingPage },
  { path: PublicPath.productDetail, handle: { title: '产品详情' }, lazy: comingPage },
  { path: PublicPath.agentCenter, handle: { title: '代理中心' }, lazy: comingPage },
  { path: PublicPath.userCourseCenter, handle: { title: '流量学院' }, lazy: comingPage },
  { path: PublicPath.courseCenter, handle: { title: '课程中心' }, lazy: comingPage },
  { path: PublicPath.protocol, handle: { title: '用户协议' }, lazy: comingPage },
  { path: PublicPath.userCenter, handle: { title: '个人中心' }, lazy: comingPage },
];

const dashboardRoute: RouteObject = {
  path: PublicPath.dashboard,
  handle: { title: '控制台' },
  lazy: page(
    () => import('./routes/dashboard-route.tsx'),
    (m) => m.DashboardRoute,
  ),
};

const consoleRoutes: RouteObject[] = [
  {
    path: PublicPath.setting,
    handle: { title: '修改密码' },
    lazy: page(
      () => import('../features/setting/pages/change-password-page.tsx'),
      (m) => m.ChangePasswordPage,
    ),
  },
  {
    path: PublicPath.debugger,
    handle: { title: '调试设置' },
    lazy: page(
      () => import('../features/system/pages/debugger-page.tsx'),
      (m) => m.DebuggerPage,
    ),
  },
  {
    path: PublicPath.chromiumPath,
    handle: { title: '系统设置' },
    lazy: page(
      () => import('../features/system/pages/chromium-path-page.tsx'),
      (m) => m.ChromiumPathPage,
    ),
  },
  { path: PublicPath.largeDataScreen, handle: { title: '数据大屏' }, lazy: comingPage },
  { path: PublicPath.userCourseDetail, handle: { title: '课程详情' }, lazy: comingPage },
  ...CLIP_PATHS.map((path): RouteObject => ({ path, handle: { title: CLIP_TITLES[path] }, lazy: comingPage })),
];

/** Paths with a page of their own; a server menu pointing at one of them adds no route. */
const staticPaths = new Set(
  [homeRoute, ...siteRoutes, dashboardRoute, ...consoleRoutes]
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
      {
        id: 'pages',
        lazy: queryOutlet,
        children: [
          {
            path: PublicPath.login,
            handle: { title: '登录' },
            lazy: page(
              () => import('../features/auth/pages/login-page.tsx'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: PublicPath.unauthorized,
            handle: { title: '401' },
            lazy: page(
              () => import('../features/system/pages/unauthorized-page.tsx'),
              (m) => m.UnauthorizedPage,
            ),
          },
          {
            path: PublicPath.notFound,
            handle: { title: '404' },
            lazy: page(
              () => import('../features/system/pages/not-found-page.tsx'),
              (m) => m.NotFoundPage,
            ),
          },
          {
            id: CONSOLE_ROUTE_ID,
            lazy: page(
              () => import('./layouts/console-layout.tsx'),
              (m) => m.ConsoleLayout,
            ),
            children: [dashboardRoute, { id: CONSOLE_PAGES_ROUTE_ID, lazy: antdOutlet, children: consoleRoutes }],
          },
        ],
      },
      {
        id: 'site',
        lazy: page(
          () => import('./layouts/site-layout.tsx'),
          (m) => m.SiteLayout,
        ),
        children: [homeRoute, { id: 'site-pages', lazy: queryOutlet, children: siteRoutes }],
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
      try {
        const { loadMenus } = await import('./load-session.ts');
        menus = await loadMenus();
      } catch {
        // The guard reports a broken session; an unmatched path then falls through to /404.
        return;
      }
      const fresh = menuRoutes(menus, new Set([...staticPaths, ...patched]));
      fresh.forEach((route) => patched.add(route.path ?? ''));
      if (fresh.length > 0) {
        patch(CONSOLE_PAGES_ROUTE_ID, fresh);
      }
    },
  });
}
