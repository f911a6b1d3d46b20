import { PublicPath } from '@vidmatrix/contract/console-paths';

/** A public page pre-rendered to HTML at build time: its title, description and the lazy modules it loads. */
export interface PublicPage {
  path: string;
  /** The document title (`<title> - <product>`). */
  title: string;
  /** `<meta name="description">` for search engines and link previews. */
  description: string;
  /** Source paths (as in Vite's manifest) of the route modules the page loads: CSS and preloads come from them. */
  modules: string[];
}

const SITE_LAYOUT = 'src/app/layouts/site-layout.tsx';
const QUERY_OUTLET = 'src/app/layouts/query-outlet.tsx';

/**
 * Public pages without antd (antd's CSS-in-JS has no server styles here), pre-rendered by
 * `scripts/prerender.mjs` and served in place of index.html for their path. A new public page adds a line.
 */
export const PUBLIC_PAGES: PublicPage[] = [
  {
    path: PublicPath.home,
    title: '首页',
    description: 'AI获客矩阵：抖音、快手、小红书、B站、视频号多账号矩阵批量发布，AI智能剪辑与AI客服自动获客。',
    modules: [SITE_LAYOUT, 'src/features/site/pages/home-page.tsx'],
  },
  {
    path: PublicPath.download,
    title: 'APP下载',
    description: '下载AI获客矩阵 Windows 与 Mac 桌面客户端：本地浏览器授权账号、字体与任务同步、自动更新。',
    modules: [SITE_LAYOUT, QUERY_OUTLET, 'src/features/site/pages/download-page.tsx'],
  },
  {
    path: PublicPath.agentCenter,
    title: '代理中心',
    description: 'AI获客矩阵代理商计划：专属品牌、专属域名、会员归属清晰，在线提交代理申请。',
    modules: [SITE_LAYOUT, 'src/features/agent/pages/agent-center-page.tsx'],
  },
];
