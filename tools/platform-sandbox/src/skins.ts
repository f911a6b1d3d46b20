/** The five creator centres the sandbox imitates, each under its own path prefix. */
export const SANDBOX_PLATFORMS = ['douyin', 'kuaishou', 'xiaohongshu', 'channels', 'bilibili'] as const;
export type SandboxPlatform = (typeof SANDBOX_PLATFORMS)[number];

/** A created work as the platform's create response reports it. */
export interface CreatedWork {
  id: string;
  title: string;
}

/**
 * What differs between the creator centres: paths (the real ones, under `/<platform>`), DOM hooks the
 * real pages have, and the create response. The page script and the server logic are shared.
 */
export interface Skin {
  key: SandboxPlatform;
  name: string;
  loginPath: string;
  /** Query the logged-out redirect adds to the login path (Kuaishou's passport: sid and callback). */
  loginQuery?: string;
  homePath: string;
  uploadPath: string;
  /** Where the page moves (history) once the upload has started, as the real v2 forms do. */
  formPath: string;
  worksPath: string;
  successPath: string;
  createPath: string;
  /** `http`: the server redirects a logged-out page; `js`: the shell loads, asks, then redirects late. */
  loginRedirect: 'http' | 'js';
  /** Channels: the upload form lives in an iframe of the create page, opened from /platform's 发表视频. */
  iframePath?: string;
  fileInputClass: string;
  titlePlaceholder?: string;
  descriptionPlaceholder: string;
  topicMode: 'inline' | 'enter' | 'suggest';
  scheduleReadonly: boolean;
  confirmModal: boolean;
  submitText: string;
  newWorkId: () => string;
  createOk: (work: CreatedWork) => unknown;
  createError: (message: string) => unknown;
  permalink?: (id: string) => string;
}

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
const BASE58 = '123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const base58 = (n: number) => Array.from({ length: n }, () => BASE58[Math.floor(Math.random() * 58)]).join('');

export const SKINS: Record<SandboxPlatform, Skin> = {
  douyin: {
    key: 'douyin',
    name: '抖音创作者中心',
    loginPath: '/',
    homePath: '/creator-micro/home',
    uploadPath: '/creator-micro/content/upload',
    formPath: '/creator-micro/content/post/video',
    worksPath: '/creator-micro/content/manage',
    successPath: '/creator-micro/content/manage',
    createPath: '/web/api/media/aweme/create_v2/',
    loginRedirect: 'http',
    fileInputClass: 'upload-btn-input',
    titlePlaceholder: '填写作品标题，为作品获得更多流量',
    descriptionPlaceholder: '添加作品简介',
    topicMode: 'inline',
    scheduleReadonly: false,
    confirmModal: false,
    submitText: '发布',
    newWorkId: () => `7${digits(18)}`,
    createOk: (w) => ({ status_code: 0, status_msg: '', aweme_id: w.id, item_id: w.id }),
    createError: (m) => ({ status_code: 5, status_msg: m }),
    permalink: (id) => `https://www.douyin.com/video/${id}`,
  },
  kuaishou: {
    key: 'kuaishou',
    name: '快手创作者服务平台',
    // passport.kuaishou.com is another host: the sandbox serves it under the prefix at its real path.
    loginPath: '/passport/pc/account/login/',
    loginQuery: `?sid=kuaishou.web.cp.api&callback=${encodeURIComponent(
      `/kuaishou/rest/infra/sts?followUrl=${encodeURIComponent('/kuaishou/article/publish/video')}&setRootDomain=true`,
    )}`,
    homePath: '/profile',
    uploadPath: '/article/publish/video',
    formPath: '/article/publish/video',
    worksPath: '/article/manage/video',
    successPath: '/article/manage/video?status=2&from=publish',
    createPath: '/rest/cp/works/v2/video/pc/submit',
    loginRedirect: 'http',
    fileInputClass: 'upload-input',
    descriptionPlaceholder: '添加合适的话题和描述，作品能获得更多推荐～',
    topicMode: 'inline',
    scheduleReadonly: true,
    confirmModal: true,
    submitText: '发布',
    newWorkId: () => `3x${base58(13)}`,
    createOk: () => ({ result: 1, message: '成功' }), // no work id in Kuaishou's submit answer
    createError: (m) => ({ result: 0, message: m }),
    permalink: (id) => `https://www.kuaishou.com/short-video/${id}`,
  },
  xiaohongshu: {
    key: 'xiaohongshu',
    name: '小红书创作服务平台',
    loginPath: '/login',
    homePath: '/new/home',
    uploadPath: '/publish/publish',
    formPath: '/publish/publish',
    worksPath: '/new/note-manager',
    successPath: '/publish/success',
    createPath: '/web_api/sns/v2/note',
    loginRedirect: 'http',
    fileInputClass: 'upload-input',
    titlePlaceholder: '填写标题会有更多赞哦～',
    descriptionPlaceholder: '输入正文描述，真诚有价值的分享予人温暖',
    topicMode: 'suggest',
    scheduleReadonly: false,
    confirmModal: false,
    submitText: '发布',
    newWorkId: () => hex(24),
    createOk: (w) => ({ success: true, code: 0, data: { id: w.id, score: 10 } }),
    createError: (m) => ({ success: false, code: -1, msg: m }),
    permalink: (id) => `https://www.xiaohongshu.com/explore/${id}`,
  },
  channels: {
    key: 'channels',
    name: '视频号助手',
    loginPath: '/login.html',
    homePath: '/platform',
    uploadPath: '/platform/post/create',
    formPath: '/micro/content/post/create',
    worksPath: '/platform/post/list',
    successPath: '/platform/post/list',
    createPath: '/cgi-bin/mmfinderassistant-bin/post/post_create',
    loginRedirect: 'js',
    iframePath: '/micro/content/post/create',
    fileInputClass: 'post-upload-input',
    titlePlaceholder: '概括视频主要内容，字数建议6-16个字符',
    descriptionPlaceholder: '添加描述',
    topicMode: 'inline',
    scheduleReadonly: false,
    confirmModal: false,
    submitText: '发表',
    newWorkId: () => `14${digits(18)}`, // a post's objectId (post_list)
    createOk: () => ({ errCode: 0, errMsg: 'ok', data: {} }), // Channels answers without an id
    createError: (m) => ({ errCode: 300002, errMsg: m }),
  },
  bilibili: {
    key: 'bilibili',
    name: '哔哩哔哩创作中心',
    loginPath: '/passport/login',
    homePath: '/platform/home',
    uploadPath: '/platform/upload/video/frame',
    formPath: '/platform/upload/video/frame',
    worksPath: '/platform/upload-manager/article',
    successPath: '/platform/upload-manager/article',
    createPath: '/x/vu/web/add/v3',
    loginRedirect: 'http',
    fileInputClass: 'bcc-upload-input',
    titlePlaceholder: '请输入稿件标题',
    descriptionPlaceholder: '填写更全面的相关信息，让更多的人能找到你的视频吧',
    topicMode: 'enter',
    scheduleReadonly: false,
    confirmModal: false,
    submitText: '立即投稿',
    newWorkId: () => `BV1${base58(9)}`,
    createOk: (w) => ({ code: 0, message: '0', ttl: 1, data: { aid: Number(digits(12)), bvid: w.id } }),
    createError: (m) => ({ code: 21012, message: m }),
    permalink: (id) => `https://www.bilibili.com/video/${id}`,
  },
};

/** The platform whose prefix starts a path, or undefined. */
export function platformOfPath(pathname: string): SandboxPlatform | undefined {
  const first = pathname.split('/')[1];
  return SANDBOX_PLATFORMS.find((p) => p === first);
}
