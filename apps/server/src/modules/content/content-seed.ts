import { seedDoc as doc, type ContentDoc, type LevelOffer } from './content-files.ts';
import { HELP_ARTICLES, SITE_PAGES } from './content-seed-pages.ts';

// The content a first start fills the public site with: this product's own change log (from its git
// history), its levels' prices and features, a getting-started course whose videos ffmpeg renders,
// the agreements, the product and agent sections and the help articles. Operators change it all with
// `npm run admin -- content import <dir>`; the seed never overwrites a document that exists.

const YUAN = 100;

/** Price (fen per year) and features of each seeded level; quotas stay in the level table (one source). */
export const LEVEL_OFFERS: readonly LevelOffer[] = [
  {
    level_id: 1,
    price: 0,
    features: ['注册即送 7 天体验', '批量混剪、分组混剪', '素材库与背景音乐', '网页端与桌面客户端'],
  },
  {
    level_id: 2,
    price: 2980 * YUAN,
    features: ['全部 8 种剪辑模式', '批量发布到 5 大平台', 'AI客服与客户线索', '发布器（Runner）多开', '数据大屏'],
  },
  {
    level_id: 3,
    price: 9800 * YUAN,
    features: [
      '标准版全部功能',
      '代理商白标（自有域名与品牌）',
      '多台服务器集群部署',
      '专属客户成功经理',
      '优先体验新功能',
    ],
  },
];

/** A seeded chapter's video card: the lines ffmpeg draws on it, and how long it runs. */
export interface ChapterCard {
  slug: string;
  lines: readonly string[];
  seconds: number;
}

/** Video cards of the getting-started course, rendered once into storage at first start. */
export const CHAPTER_CARDS: readonly ChapterCard[] = [
  {
    slug: 'start-1-login',
    seconds: 8,
    lines: ['第1课 注册与登录', '打开首页 → 注册 → 同意用户协议', '登录后进入控制台'],
  },
  {
    slug: 'start-2-accounts',
    seconds: 8,
    lines: ['第2课 添加矩阵账号', '账号管理 → 添加账号或Excel导入', '在客户端扫码授权'],
  },
  {
    slug: 'start-3-materials',
    seconds: 8,
    lines: ['第3课 上传素材', '素材列表 → 上传视频与图片', '分组和标签让剪辑更快'],
  },
  {
    slug: 'start-4-publish',
    seconds: 8,
    lines: ['第4课 剪辑并批量发布', '剪辑任务 → 批量混剪', '去发布 → 选择账号 → 定时发布'],
  },
];

/**
 * The getting-started course as it really is: four title-card videos of 8 s (32 s in all) with a text
 * for each step, not a half-hour course (issue 25; the migration of 202611280310 words installs the same).
 */
export const GETTING_STARTED = {
  title: '四步上手 AI获客矩阵',
  summary: '4 节要点短片（共 32 秒）配图文说明：注册登录、添加账号、上传素材、剪辑并批量发布。',
  body: '这门课用 4 节要点短片（每节 8 秒）和每节下方的图文说明，带你走一遍第一次使用的四个步骤。前两节免费观看，后两节登录后即可观看。',
} as const;

/** Media path (under `content/`) of a seeded chapter's video. */
export function chapterVideoPath(slug: string): string {
  return `media/course/${slug}.mp4`;
}

const changelog: ContentDoc[] = [
  doc(
    'changelog',
    'v0.1.0',
    '基础功能上线',
    { version: '0.1.0', date: '2026-11-21', client: 'all' },
    `
- 登录、注册、图形验证码，会员等级与到期时间
- 账号管理：新增、分组、Excel 导入导出，单页最多 800 个账号
- 素材库：图片、视频、音频上传（断点续传，刷新页面后可继续），分组与标签，缩略图与视频封面
- 客户消息：实时聊天（断线自动重连），未读消息角标
`,
  ),
  doc(
    'changelog',
    'v0.2.0',
    '服务端重构与独立任务进程',
    { version: '0.2.0', date: '2026-11-23', client: 'server' },
    `
- 剪辑、缩略图等后台任务可交给独立的任务服务器处理，高峰时网页依然流畅
- 服务器启动更快，「调试设置」中可查看服务器能否合成视频
- 多台服务器协同时，上传、消息与任务状态保持一致
`,
  ),
  doc(
    'changelog',
    'v0.3.0',
    '网页端数据层与路由',
    { version: '0.3.0', date: '2026-11-23', client: 'web' },
    `
- 账号选择器、素材选择、音乐选择等通用组件
- 路由按区域拆分，菜单由服务器下发；登录态失效时自动重试并回到登录页
`,
  ),
  doc(
    'changelog',
    'v0.4.0',
    '发布沙箱与平台规则',
    { version: '0.4.0', date: '2026-11-23', client: 'server' },
    `
- 各平台发布规则（标题、描述、话题数量、格式、大小、时长、定时范围）集中在一处
- 用于测试的平台创作中心模拟环境，发布流程可完整演练
`,
  ),
  doc(
    'changelog',
    'v0.5.0',
    '剪辑引擎',
    { version: '0.5.0', date: '2026-11-23', client: 'server' },
    `
- 8 种剪辑模式的规划器与滤镜图：批量混剪、脚本剪辑、CP拆拼、口播、图文成片、一键成片、AI剪辑、分组混剪
- 离线中文配音，开通文案生成后可一键生成带货文案
`,
  ),
  doc(
    'changelog',
    'v0.6.0',
    '桌面客户端',
    { version: '0.6.0', date: '2026-11-23', client: 'desktop' },
    `
- Windows / Mac 桌面客户端：自动更新、字体同步、任务同步
- 在本地浏览器中授权账号，授权状态自动回传
`,
  ),
  doc(
    'changelog',
    'v0.7.0',
    '稳定性修复',
    { version: '0.7.0', date: '2026-11-23', client: 'all' },
    `
- 修复多项上传、导入与登录状态问题
`,
  ),
  doc(
    'changelog',
    'v0.8.0',
    '剪辑任务上线',
    { version: '0.8.0', date: '2026-11-23', client: 'web' },
    `
- 剪辑任务列表：实时进度、取消、重试，成片自动进入素材库
- 批量混剪与分组混剪页面，支持低清快速预览
`,
  ),
  doc(
    'changelog',
    'v0.9.0',
    '批量发布与发布器',
    { version: '0.9.0', date: '2026-11-23', client: 'server' },
    `
- 批量发布：视频 × 账号逐条排队，失败自动重试，未确认的任务不会重复发布
- 发布器令牌：只领取自己的任务，可随时吊销
`,
  ),
  doc(
    'changelog',
    'v0.10.0',
    '官网内容中心',
    { version: '0.10.0', date: '2026-11-24', client: 'web' },
    `
- 更新日志、价格、直播、产品详情、流量学院与课程播放、用户协议与隐私政策、帮助中心
- 官网内容由运营人员随时更新，无需等待新版本
`,
  ),
];

const courses: ContentDoc[] = [
  doc('course-category', 'getting-started', '新手入门', {}, '', 1),
  doc('course-category', 'growth', '矩阵运营', {}, '', 2),
  doc(
    'course',
    'getting-started',
    GETTING_STARTED.title,
    { category: 'getting-started', summary: GETTING_STARTED.summary },
    GETTING_STARTED.body,
    1,
  ),
  doc(
    'chapter',
    'start-1-login',
    '注册与登录',
    { course: 'getting-started', video: chapterVideoPath('start-1-login'), duration: 8, members_only: false },
    `
在首页点击「登录」或「注册」。注册后首次登录会请您阅读并同意《用户协议》，同意后进入控制台。
`,
    1,
  ),
  doc(
    'chapter',
    'start-2-accounts',
    '添加矩阵账号',
    { course: 'getting-started', video: chapterVideoPath('start-2-accounts'), duration: 8, members_only: false },
    `
在「账号管理」中逐个添加，或下载模板后用 Excel 一次导入上千个账号。账号授权需在桌面客户端中扫码完成。
`,
    2,
  ),
  doc(
    'chapter',
    'start-3-materials',
    '上传素材',
    { course: 'getting-started', video: chapterVideoPath('start-3-materials'), duration: 8, members_only: true },
    `
在「素材列表」上传视频、图片与音频，单个文件最大 300 MB，断网后可续传。用分组和标签整理素材，剪辑时按标签挑选。
`,
    3,
  ),
  doc(
    'chapter',
    'start-4-publish',
    '剪辑并批量发布',
    { course: 'getting-started', video: chapterVideoPath('start-4-publish'), duration: 8, members_only: true },
    `
新建「批量混剪」任务，几分钟即可生成几十条不重复的视频；在任务列表点击「去发布」，选择账号和发布时间即可。
`,
    4,
  ),
  doc(
    'course',
    'matrix-operations',
    '矩阵账号运营方法',
    {
      category: 'growth',
      summary: '账号分组、发布节奏与风控：让几十个账号稳定产出。',
    },
    `
矩阵运营的核心是稳定：每个账号有固定的节奏和定位。本课程将随产品更新持续补充。
`,
    2,
  ),
  doc(
    'chapter',
    'ops-1-groups',
    '按定位给账号分组',
    { course: 'matrix-operations', duration: 0, members_only: true },
    `
按城市、门店或内容方向建立账号分组，批量发布时整组选择，避免漏发或重复发布。
`,
    1,
  ),
];

/** Live sessions relative to the first start: one upcoming, one replay. */
function liveSessions(now: number): ContentDoc[] {
  const day = 24 * 60 * 60_000;
  const at = (ms: number) => new Date(ms).toISOString();
  const nextWeek = now + 7 * day;
  return [
    doc(
      'live',
      'weekly-qa',
      '每周答疑：矩阵账号怎么起号',
      { starts_at: at(nextWeek), ends_at: at(nextWeek + 60 * 60_000), host: '产品团队' },
      `
现场演示从素材到批量发布的完整流程，并解答大家在账号授权、剪辑和发布中遇到的问题。
`,
    ),
    doc(
      'live',
      'launch-replay',
      '产品发布会回放',
      { starts_at: at(now - 3 * day), ends_at: at(now - 3 * day + 60 * 60_000), host: '产品团队' },
      `
AI获客矩阵首次公开演示：8 种剪辑模式与批量发布。
`,
    ),
  ];
}

/** Every seeded document. */
export function seedDocuments(now: number): ContentDoc[] {
  return [...changelog, ...courses, ...SITE_PAGES, ...HELP_ARTICLES, ...liveSessions(now)];
}
