import type { ConnectorDefinitionOf } from '@vidmatrix/contract/connector-definition';
import { COMMON_LABELS, COMMON_REVIEW_STATES, DEFAULT_TIMEOUTS, type DialogSelectors } from './definition.ts';

/** An Ant Design verification modal of Kuaishou, told apart by its title. */
function antVerify(title: string, withInput: boolean): DialogSelectors {
  const root = `.ant-modal:has(.ant-modal-title:text-is("${title}"))`;
  return {
    root,
    prompt: `${root} .ant-modal-body p`,
    image: `${root} .ant-modal-body img`,
    ...(withInput
      ? {
          input: `${root} input.ant-input`,
          confirm: `${root} .ant-modal-footer .ant-btn-primary`,
          error: `${root} .ant-form-item-explain-error`,
        }
      : {}),
  };
}

/**
 * Kuaishou (cp.kuaishou.com, research/connectors.md §2): passport QR login, an upload button that
 * opens a file chooser, 上传中 until done, a contenteditable description after 描述 (no title), an Ant
 * Design cover modal and controlled DatePicker, 发布 then 确认发布; the submit answer has no id.
 * The steps that data cannot express are in kuaishou.steps.ts.
 */
export const kuaishou: ConnectorDefinitionOf['kuaishou'] = {
  platform: 'kuaishou',
  version: 'kuaishou@2026.11.2',
  baseUrl: 'https://cp.kuaishou.com',
  paths: {
    // Logged out, the upload page redirects to passport.kuaishou.com with the right sid and callback.
    login: '/article/publish/video',
    home: '/profile',
    upload: '/article/publish/video',
    works: '/article/manage/video',
  },
  urls: {
    loggedIn: '^/article/',
    login: 'passport',
    success: '/article/manage/video\\?.*from=publish',
    createResponse: '/pc/submit',
  },
  selectors: {
    qrImage: 'main#login-form div.qr-login img[alt="qrcode"]',
    loginMarkers: 'main#login-form, :text("立即登录"), div.names div.container div.name:text("机构服务")',
    // The live-session proof (SAU): the button opens a native file chooser; there is no input to set.
    fileInput: "button[class^='_upload-btn']",
    uploadProgress: 'div.progress-div',
    // Done is 上传中 gone (SAU): the progress box is there and says neither 上传中 nor 上传失败.
    uploadDone: 'div.progress-div:not(:has-text("上传中")):not(:has-text("上传失败"))',
    uploadFailed: 'div.progress-div :text("上传失败")',
    description:
      'span:text-is("描述") + div[contenteditable="true"], span:text-is("描述") + div [contenteditable="true"], div[contenteditable="true"]',
    coverInput: 'div[role="document"].ant-modal input[type="file"]',
    scheduleRadio: 'label.ant-radio-wrapper:has-text("定时发布")',
    scheduleInput: 'input[placeholder="选择日期时间"]',
    // Ant Design puts a button's text in a span: the exact text 发布 is the span's (SAU clicks get_by_text).
    submit: 'button:has(> span:text-is("发布")), button:text-is("发布")',
    submitReady: 'button:has(> span:text-is("发布")):enabled, button:text-is("发布"):enabled',
    confirm: '.ant-modal-confirm button.ant-btn-primary:has-text("确认发布"), button:has-text("确认发布")',
    // The 我知道了 tip's modal sits above the joyride tour: it goes first. Of stacked ones, the last
    // drawn is on top and takes the click.
    overlayClose: [
      '.ant-modal-root button[type="button"]:has(span:text-is("我知道了")) >> nth=-1',
      'div[id^="react-joyride-step"] [data-action="skip"] >> nth=-1',
      'div[id^="react-joyride-step"] button:has-text("我知道了") >> nth=-1',
      'div[id^="react-joyride-step"] button:has-text("跳过") >> nth=-1',
    ],
    errorText: '.ant-message-error, .ant-message-warning, .ant-notification-notice-error',
    // No source described the list's ids: its items' cover links to the public page (our assumption).
    workItem: 'div[class^="_video-item_"]',
    workIdAttribute: 'href',
    workTitle: '[class^="_video-item-title"]',
    workStatus: '[class^="_video-item-status"]',
    workDuration: '[class^="_video-item-duration"]',
    workCreatedAt: '[class^="_video-item-time"]',
  },
  dialogs: {
    sms: antVerify('短信验证', true),
    captcha: antVerify('图形验证', true),
    real_name: antVerify('实名认证', false),
  },
  topicMode: 'inline',
  scheduleFormat: 'YYYY-MM-DD HH:mm:ss',
  // A controlled DatePicker: typing is dropped; the value is set natively, with events, then Enter (SAU PR #205).
  scheduleReadonly: true,
  createResponse: { okPath: ['result'], okValue: 1 },
  reviewStates: COMMON_REVIEW_STATES,
  permalink: 'https://www.kuaishou.com/short-video/{id}',
  timeouts: { ...DEFAULT_TIMEOUTS, upload: 30 * 60_000 },
  /** The page parts the shared fields do not name (kuaishou.steps.ts). */
  parts: {
    loginForm: 'main#login-form',
    /** Turns passport's phone form to the QR (SAU). */
    qrSwitch: 'main#login-form div.platform-switch',
    qrExpired: 'div.qrcode-status.qrcode-status-timeout',
    qrRefresh: 'p.qrcode-refresh',
    /** The logged-out intro page's way to the login. */
    introLogin: 'a:text-is("立即登录"), button:text-is("立即登录")',
    /** After 上传失败 the file goes into this input of the progress box (SAU handle_upload_error). */
    retryInput: 'div.progress-div [class^="upload-btn-input"]',
    /** The upload has started: the progress box shows and no longer says 上传失败. */
    uploadStarted: 'div.progress-div:not(:has-text("上传失败"))',
    /** 封面设置's label; the first div of its next sibling opens the cover modal (SAU set_thumbnail). */
    coverLabel: 'span:text-is("封面设置")',
    coverModal: 'div[role="document"].ant-modal',
    coverTab: '上传封面',
    coverConfirm: '确认',
    /** A works item's link to its public page, which carries the id. */
    workLink: 'a[href*="/short-video/"]',
    workIdInLink: '/short-video/([^/?#]+)',
  },
  labels: {
    ...COMMON_LABELS,
    loginForm: '登录框',
    qrSwitch: '扫码登录切换',
    qrExpired: '二维码过期提示',
    qrRefresh: '二维码刷新按钮',
    introLogin: '立即登录按钮',
    retryInput: '重新上传入口',
    uploadStarted: '上传进度',
    coverLabel: '封面设置',
    coverModal: '封面设置弹窗',
    workLink: '作品链接',
  },
  // Before a file the page proves the session with its upload button (SAU); the form's place is not described.
  drift: {
    login: ['loginForm', 'qrSwitch'],
    upload: ['fileInput'],
    works: ['workItem', 'workTitle', 'workStatus', 'workLink'],
    api: [],
  },
};
