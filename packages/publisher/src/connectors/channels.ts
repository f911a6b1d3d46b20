import { COMMON_DIALOGS, COMMON_REVIEW_STATES, DEFAULT_TIMEOUTS, type ConnectorDefinition } from './definition.ts';

/**
 * WeChat Channels (channels.weixin.qq.com): the create page redirects to login.html late, from script;
 * the form lives in an iframe opened through 发表视频; the post_create answer carries no id.
 */
export const channels: ConnectorDefinition = {
  platform: 'channels',
  version: 'channels@2026.11.1',
  baseUrl: 'https://channels.weixin.qq.com',
  paths: {
    login: '/login.html',
    home: '/platform',
    upload: '/platform/post/create',
    works: '/platform/post/list',
  },
  urls: {
    loggedIn: '^/platform(\\?|$)',
    login: '/login\\.html',
    success: '/platform/post/list',
    createResponse: '/post/post_create',
  },
  openUpload: 'button:has-text("发表视频")',
  formFrame: 'iframe[name="content"]',
  selectors: {
    qrImage: 'img.qrcode-img',
    loginMarkers: ':text("扫码登录")',
    fileInput: 'input.post-upload-input',
    uploadProgress: '.upload-progress',
    uploadDone: '.upload-status:has-text("上传成功")',
    uploadFailed: '.upload-status:has-text("上传失败")',
    title: 'input[placeholder*="概括视频主要内容"]',
    description: 'textarea[placeholder="添加描述"]',
    coverInput: 'input.cover-input',
    scheduleRadio: 'label:has-text("定时发布") input',
    scheduleInput: 'input[placeholder="日期和时间"]',
    submit: 'button:text-is("发表")',
    submitReady: 'button:text-is("发表"):enabled',
    overlayClose: ['.guide-overlay button:has-text("我知道了")'],
    errorText: '.toast-error, [role="alert"]',
    workItem: '.work-item',
    workIdAttribute: 'data-work-id',
    workTitle: '.work-title',
    workStatus: '.work-status',
  },
  dialogs: COMMON_DIALOGS,
  topicMode: 'inline',
  scheduleFormat: 'YYYY-MM-DD HH:mm',
  scheduleReadonly: false,
  createResponse: { okPath: ['errCode'], okValue: 0 },
  reviewStates: COMMON_REVIEW_STATES,
  timeouts: DEFAULT_TIMEOUTS,
};
