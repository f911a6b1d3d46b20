import type { RouteObject } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { lazyPage } from '../route-registry.ts';

/** /dashboard: the console's first page, without antd (its own light components). */
export const dashboardRoute: RouteObject = {
  path: PublicPath.dashboard,
  handle: { title: '控制台' },
  lazy: lazyPage(
    () => import('./dashboard-route.tsx'),
    (m) => m.DashboardRoute,
  ),
};

/** The console's constant pages (SPEC §2.1); pages of server menus are patched in beside them. */
export const consoleRoutes: RouteObject[] = [
  {
    path: PublicPath.setting,
    handle: { title: '修改密码' },
    lazy: lazyPage(
      () => import('../../features/setting/pages/change-password-page.tsx'),
      (m) => m.ChangePasswordPage,
    ),
  },
  {
    path: PublicPath.debugger,
    handle: { title: '调试设置' },
    lazy: lazyPage(
      () => import('../../features/system/pages/debugger-page.tsx'),
      (m) => m.DebuggerPage,
    ),
  },
  {
    path: PublicPath.chromiumPath,
    handle: { title: '系统设置' },
    lazy: lazyPage(
      () => import('../../features/system/pages/chromium-path-page.tsx'),
      (m) => m.ChromiumPathPage,
    ),
  },
  {
    path: PublicPath.largeDataScreen,
    handle: { title: '数据大屏' },
    lazy: lazyPage(
      () => import('../../features/data-screen/pages/data-screen-page.tsx'),
      (m) => m.DataScreenPage,
    ),
  },
  {
    path: PublicPath.userCourseDetail,
    handle: { title: '课程详情' },
    lazy: lazyPage(
      () => import('../../features/content/pages/course-page.tsx'),
      (m) => m.UserCourseDetailPage,
    ),
  },
];
