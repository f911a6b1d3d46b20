import { PublicPath } from '@vidmatrix/contract/console-paths';
import { ContentApi } from '@vidmatrix/contract/api/content-paths';
import { contentKeys, COURSE_ID_PARAM } from '../../api/content/content-keys.ts';

/** A public content call whose answer a pre-rendered page carries, and the query key the page reads it under. */
export interface PageData {
  url: string;
  key: readonly unknown[];
}

/** A public page pre-rendered to HTML at build time: its title, description and the lazy modules it loads. */
export interface PublicPage {
  path: string;
  /** The document title (`<title> - <product>`). */
  title: string;
  /** `<meta name="description">` for search engines and link previews. */
  description: string;
  /** Source paths (as in Vite's manifest) of the route modules the page loads: CSS and preloads come from them. */
  modules: string[];
  /**
   * Public content calls the page makes at once. The server answers a navigation with the page rendered
   * on their tokenless answers, which it embeds, so the first paint is the final content (LCP). Only
   * calls answered the same to every visitor of a host, keyed as a visitor without a token reads them.
   * A list: the page is rendered on its data only for its bare path (with a query string the static page
   * is served). A function of the request's query string: for a page that shows what its query asks for
   * (/courseCenter?id=), rendered on the calls it returns for each query; every value it puts into a URL
   * is encoded, and a call the server refuses (an unknown id) leaves the static page, whose loading markup
   * the browser turns into the page's own "not found" state.
   */
  data?: PageData[] | ((query: URLSearchParams) => PageData[]);
}

const SITE_LAYOUT = 'src/app/layouts/site-layout.tsx';

/**
 * Public pages without antd (antd's CSS-in-JS has no server styles here), pre-rendered by
 * `scripts/prerender.mjs` and served in place of index.html for their path; the server renders the ones
 * with `data` again on their content (apps/server/src/plugins/web-client.ts). A new public page adds a line.
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
    modules: [SITE_LAYOUT, 'src/features/site/pages/download-page.tsx'],
  },
  {
    path: PublicPath.agentCenter,
    title: '代理中心',
    description: 'AI获客矩阵代理商计划：专属品牌、专属域名、会员归属清晰，在线提交代理申请。',
    modules: [SITE_LAYOUT, 'src/features/agent/pages/agent-center-page.tsx'],
  },
  {
    path: PublicPath.changeLog,
    title: '更新日志',
    description: 'AI获客矩阵更新日志：网页端、桌面端与服务端每个版本的新功能、改进与修复。',
    modules: [SITE_LAYOUT, 'src/features/content/pages/change-log-page.tsx'],
    data: [{ url: ContentApi.changelog, key: contentKeys.changelog() }],
  },
  {
    path: PublicPath.subscribe,
    title: '价格',
    description: 'AI获客矩阵会员价格：各版本的账号数量、云空间、素材保留时长与功能对比，登录后在线申请升级。',
    modules: [SITE_LAYOUT, 'src/features/content/pages/subscribe-page.tsx'],
    // The visitor's answer (no current level); a member's page shows these levels until their own answer.
    data: [{ url: ContentApi.pricingLevels, key: contentKeys.pricing(false) }],
  },
  {
    path: PublicPath.live,
    title: '直播',
    description: 'AI获客矩阵直播：即将开播、正在直播与往期回放，学习矩阵运营与AI获客实战。',
    modules: [SITE_LAYOUT, 'src/features/content/pages/live-page.tsx'],
    data: [{ url: ContentApi.liveList, key: contentKeys.live() }],
  },
  {
    path: PublicPath.productDetail,
    title: '产品详情',
    description: 'AI获客矩阵产品详情：多平台账号矩阵、批量发布、AI智能剪辑、AI客服与线索管理、数据大屏。',
    modules: [SITE_LAYOUT, 'src/features/content/pages/product-detail-page.tsx'],
    data: [{ url: `${ContentApi.sections}?page=product`, key: contentKeys.sections('product') }],
  },
  {
    path: PublicPath.userCourseCenter,
    title: '流量学院',
    description: 'AI获客矩阵流量学院：从入门到精通的视频课程，免费章节随时观看，会员专享进阶内容。',
    modules: [SITE_LAYOUT, 'src/features/content/pages/course-catalog-page.tsx'],
    data: [{ url: ContentApi.courseList, key: contentKeys.courses() }],
  },
  {
    path: PublicPath.courseCenter,
    title: '课程中心',
    description: 'AI获客矩阵课程中心：视频课程的章节目录与播放，免费章节随时观看，会员章节登录后观看。',
    modules: [SITE_LAYOUT, 'src/features/content/pages/course-page.tsx'],
    // A course by `?id=` (the visitor's view: members-only chapters without their videos), else the catalogue.
    data: (query) => {
      const slug = query.get(COURSE_ID_PARAM);
      return slug
        ? [
            {
              url: `${ContentApi.courseDetail}?slug=${encodeURIComponent(slug)}`,
              key: contentKeys.course(slug, false),
            },
          ]
        : [{ url: ContentApi.courseList, key: contentKeys.courses() }];
    },
  },
  {
    path: PublicPath.homeLogin,
    title: '登录',
    description: '登录AI获客矩阵：管理抖音、快手、小红书、B站、视频号账号矩阵，批量发布视频，AI剪辑与AI客服自动获客。',
    modules: [SITE_LAYOUT, 'src/features/auth/pages/home-login-page.tsx'],
  },
  {
    // The console's own sign-in page: outside the site layout (no header or footer).
    path: PublicPath.login,
    title: '登录',
    description:
      '登录AI获客矩阵控制台：管理抖音、快手、小红书、B站、视频号账号矩阵，批量发布视频，AI剪辑与AI客服自动获客。',
    modules: ['src/features/auth/pages/login-page.tsx'],
  },
  {
    path: PublicPath.register,
    title: '注册',
    description: '免费注册AI获客矩阵账号，立即体验短视频多平台矩阵批量发布、AI智能剪辑与AI客服获客。',
    modules: [SITE_LAYOUT, 'src/features/auth/pages/register-page.tsx'],
  },
  {
    path: PublicPath.protocol,
    title: '用户协议',
    description: 'AI获客矩阵用户协议与隐私政策：当前版本与生效日期，协议更新后登录时重新确认。',
    modules: [SITE_LAYOUT, 'src/features/content/pages/protocol-page.tsx'],
    data: [{ url: `${ContentApi.agreementCurrent}?kind=agreement`, key: contentKeys.agreement('agreement') }],
  },
];
