import { COMMON_DIALOGS, COMMON_REVIEW_STATES, DEFAULT_TIMEOUTS, type ConnectorDefinition } from './definition.ts';

/** Kuaishou (cp.kuaishou.com): description only, readonly schedule input, a 确认发布 modal; the submit answer has no id. */
export const kuaishou: ConnectorDefinition = {
  platform: 'kuaishou',
  version: 'kuaishou@2026.11.1',
  baseUrl: 'https://cp.kuaishou.com',
  paths: {
    login: '/passport/login',
    home: '/profile',
    upload: '/article/publish/video',
    works: '/article/manage/video',
  },
  urls: {
    loggedIn: '/profile',
    login: 'passport',
    success: '/article/manage/video\\?.*from=publish',
    createResponse: '/pc/submit',
  },
  selectors: {
    qrImage: 'img.qrcode-img',
    loginMarkers: ':text("立即登录"), :text("扫码登录")',
    fileInput: 'input.upload-input',
    uploadProgress: '.upload-progress',
    uploadDone: '.upload-status:has-text("重新上传"):not(:has-text("上传失败"))',
    uploadFailed: '.upload-status:has-text("上传失败")',
    description: 'textarea[placeholder*="添加合适的话题和描述"]',
    coverInput: 'input.cover-input',
    scheduleRadio: 'label:has-text("定时发布") input',
    scheduleInput: 'input[placeholder="日期和时间"]',
    submit: 'button:text-is("发布")',
    submitReady: 'button:text-is("发布"):enabled',
    confirm: 'button:has-text("确认发布")',
    overlayClose: ['.guide-overlay button:has-text("我知道了")'],
    errorText: '.toast-error, [role="alert"]',
    workItem: '.work-item',
    workIdAttribute: 'data-work-id',
    workTitle: '.work-title',
    workStatus: '.work-status',
  },
  dialogs: COMMON_DIALOGS,
  topicMode: 'inline',
  scheduleFormat: 'YYYY-MM-DD HH:mm:ss',
  scheduleReadonly: true, // typing into it silently failed and posts went out late (SAU PR #205)
  createResponse: { okPath: ['result'], okValue: 1 },
  reviewStates: COMMON_REVIEW_STATES,
  permalink: 'https://www.kuaishou.com/short-video/{id}',
  timeouts: DEFAULT_TIMEOUTS,
};
