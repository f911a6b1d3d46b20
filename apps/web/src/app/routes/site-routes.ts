import type { RouteObject } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { lazyPage } from '../route-registry.ts';

/** /home: the public landing page, outside the TanStack Query layout so its first paint stays small. */
export const homeRoute: RouteObject = {
  path: PublicPath.home,
  handle: { title: '首页' },
  lazy: lazyPage(
    () => import('../../features/site/pages/home-page.tsx'),
    (m) => m.HomePage,
  ),
};

/** /agentCenter: the programme is public and light; its signed-in panel brings TanStack Query itself. */
export const agentCenterRoute: RouteObject = {
  path: PublicPath.agentCenter,
  handle: { title: '代理中心' },
  lazy: lazyPage(
    () => import('../../features/agent/pages/agent-center-page.tsx'),
    (m) => m.AgentCenterPage,
  ),
};

/**
 * The public site's content pages (SPEC §2.1): their data comes through lib/page-data.ts, not TanStack
 * Query, so each stays within the 120 KB gzip budget of a public page (issue 12).
 */
export const contentRoutes: RouteObject[] = [
  {
    path: PublicPath.download,
    handle: { title: 'APP下载' },
    lazy: lazyPage(
      () => import('../../features/site/pages/download-page.tsx'),
      (m) => m.DownloadPage,
    ),
  },
  {
    path: PublicPath.changeLog,
    handle: { title: '更新日志' },
    lazy: lazyPage(
      () => import('../../features/content/pages/change-log-page.tsx'),
      (m) => m.ChangeLogPage,
    ),
  },
  {
    path: PublicPath.subscribe,
    handle: { title: '价格' },
    lazy: lazyPage(
      () => import('../../features/content/pages/subscribe-page.tsx'),
      (m) => m.SubscribePage,
    ),
  },
  {
    path: PublicPath.live,
    handle: { title: '直播' },
    lazy: lazyPage(
      () => import('../../features/content/pages/live-page.tsx'),
      (m) => m.LivePage,
    ),
  },
  {
    path: PublicPath.productDetail,
    handle: { title: '产品详情' },
    lazy: lazyPage(
      () => import('../../features/content/pages/product-detail-page.tsx'),
      (m) => m.ProductDetailPage,
    ),
  },
  {
    path: PublicPath.userCourseCenter,
    handle: { title: '流量学院' },
    lazy: lazyPage(
      () => import('../../features/content/pages/course-catalog-page.tsx'),
      (m) => m.CourseCatalogPage,
    ),
  },
  {
    path: PublicPath.courseCenter,
    handle: { title: '课程中心' },
    lazy: lazyPage(
      () => import('../../features/content/pages/course-page.tsx'),
      (m) => m.CoursePage,
    ),
  },
  {
    path: PublicPath.protocol,
    handle: { title: '用户协议' },
    lazy: lazyPage(
      () => import('../../features/content/pages/protocol-page.tsx'),
      (m) => m.ProtocolPage,
    ),
  },
];

/**
 * The site's sign-in and sign-up pages: plain forms without antd or TanStack Query, pre-rendered and each
 * within the 120 KB gzip budget of a public page (issue 12), like the content pages.
 */
export const signInRoutes: RouteObject[] = [
  {
    path: PublicPath.homeLogin,
    handle: { title: '登录' },
    lazy: lazyPage(
      () => import('../../features/auth/pages/home-login-page.tsx'),
      (m) => m.HomeLoginPage,
    ),
  },
  {
    path: PublicPath.register,
    handle: { title: '注册' },
    lazy: lazyPage(
      () => import('../../features/auth/pages/register-page.tsx'),
      (m) => m.RegisterPage,
    ),
  },
];

/** The site's member page (antd, TanStack Query), under the site layout. */
export const siteRoutes: RouteObject[] = [
  {
    path: PublicPath.userCenter,
    handle: { title: '个人中心' },
    lazy: lazyPage(
      () => import('../../features/user-center/pages/user-center-page.tsx'),
      (m) => m.UserCenterPage,
    ),
  },
];

/**
 * /login: the console's bare sign-in page, outside every layout (no site header, no TanStack Query):
 * pre-rendered like /homeLogin and within the same 120 KB gzip budget (issue 12).
 */
export const loginRoute: RouteObject = {
  path: PublicPath.login,
  handle: { title: '登录' },
  lazy: lazyPage(
    () => import('../../features/auth/pages/login-page.tsx'),
    (m) => m.LoginPage,
  ),
};

/** The 401/404 pages: outside both layouts, under TanStack Query's. */
export const standaloneRoutes: RouteObject[] = [
  {
    path: PublicPath.unauthorized,
    handle: { title: '401' },
    lazy: lazyPage(
      () => import('../../features/system/pages/unauthorized-page.tsx'),
      (m) => m.UnauthorizedPage,
    ),
  },
  {
    path: PublicPath.notFound,
    handle: { title: '404' },
    lazy: lazyPage(
      () => import('../../features/system/pages/not-found-page.tsx'),
      (m) => m.NotFoundPage,
    ),
  },
];
