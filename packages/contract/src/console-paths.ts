/**
 * Console paths that server menus point at. The server seeds menus with these URLs and the web
 * client maps each to its page, so both sides name a screen once, here.
 */
export const ConsolePath = {
  accounts: '/account/index',
  materials: '/material/index',
  music: '/material/music',
  batchPublish: '/publish/batch',
  clipTasks: '/clip/TaskList',
  customerChat: '/customer/chat',
  customerLeads: '/customer/leads',
  help: '/operate/Help',
  aiLead: '/ai/lead',
  aiClip: '/ai/clip',
  aiPublish: '/ai/publish',
  aiService: '/ai/service',
  aiOperate: '/ai/operate',
  aiData: '/ai/data',
} as const;

/** Public or constant routes of SPEC §2.1 (besides server menus and clip-task routes). */
export const PublicPath = {
  home: '/home',
  login: '/login',
  homeLogin: '/homeLogin',
  register: '/register',
  dashboard: '/dashboard',
  setting: '/setting',
  debugger: '/debugger',
  chromiumPath: '/chromiumPath',
  largeDataScreen: '/largeDataScreen',
  productDetail: '/productDetail',
  changeLog: '/changeLog',
  subscribe: '/subscribe',
  userCenter: '/userCenter',
  userCourseCenter: '/userCourseCenter',
  userCourseDetail: '/userCourseDetail',
  courseCenter: '/courseCenter',
  agentCenter: '/agentCenter',
  protocol: '/protocol',
  download: '/download',
  live: '/live',
  unauthorized: '/401',
  notFound: '/404',
} as const;

/** Paths reachable without a token (SPEC §2.2); `/redirect` covers `/redirect/{path}`. */
export const TOKENLESS_PATHS = [
  '/login',
  '/protocol',
  '/home',
  '/redirect',
  '/productDetail',
  '/changeLog',
  '/subscribe',
  '/homeLogin',
  '/register',
  '/dashboard',
  '/agentCenter',
  '/courseCenter',
  '/download',
  '/userCourseCenter',
  '/live',
] as const;

/** Pages without sidebar, footer status bar and left margin: the marketing list of SPEC §2.3. */
export const MARKETING_PATHS = [
  '/home',
  '/agentCenter',
  '/userCourseCenter',
  '/protocol',
  '/subscribe',
  '/changeLog',
  '/productDetail',
  '/homeLogin',
  '/register',
  '/userCenter',
  '/courseCenter',
  '/download',
  '/live',
] as const;

/** The clip-task routes of SPEC §2.1. */
export const CLIP_PATHS = [
  '/clip/AddTask',
  '/clip/AddTaskOneClick',
  '/clip/AddTaskGroupClick',
  '/clip/VideoTemplate',
  '/clip/ClipVideo',
  '/clip/ScriptClip',
  '/clip/CpMode',
  '/clip/OralMode',
  '/clip/ImageVideoMode',
  '/clip/AiClipVideo',
  '/clip/ClipGroupVideo',
] as const;

/**
 * Public pages offered to search engines (robots.txt allows them, sitemap.xml lists them): the tokenless
 * marketing pages, without the sign-in pages and the console's own routes.
 */
export const INDEXED_PUBLIC_PATHS = [
  PublicPath.home,
  PublicPath.productDetail,
  PublicPath.userCourseCenter,
  PublicPath.courseCenter,
  PublicPath.live,
  PublicPath.changeLog,
  PublicPath.subscribe,
  PublicPath.download,
  PublicPath.agentCenter,
  PublicPath.protocol,
  PublicPath.register,
] as const;
