import type { ConnectorDefinitionOf } from '@vidmatrix/contract/connector-definition';
import { COMMON_LABELS, COMMON_REVIEW_STATES, DEFAULT_TIMEOUTS, type DialogSelectors } from './definition.ts';

/** A WeUI dialog told apart by a text only it shows, and a part of it. */
const dialog = (text: string, part = '') => `div.weui-desktop-dialog__wrp:has-text("${text}")${part ? ` ${part}` : ''}`;

const verifyDialog = (text: string, extra: Partial<DialogSelectors> = {}): DialogSelectors => ({
  root: dialog(text),
  prompt: dialog(text, '.weui-desktop-dialog__bd p'),
  input: dialog(text, 'input'),
  confirm: dialog(text, 'button:has-text("确定")'),
  error: dialog(text, '.weui-desktop-form__tips_warn'),
  ...extra,
});

/**
 * WeChat Channels (channels.weixin.qq.com), research/connectors.md §4. Login is a QR in a qrconnect
 * iframe; /platform's 发表视频 opens the create form (a direct /post/create bounces), which renders in
 * the open shadow root of <wujie-app> (CSS locators pierce it, so the form's root is the page); the
 * upload is done when 发表 loses weui-desktop-btn_disabled; the post_create answer carries no id, so the
 * post is proven from the post_list API (objectId).
 */
export const channels: ConnectorDefinitionOf['channels'] = {
  platform: 'channels',
  version: 'channels@2026.11.2',
  baseUrl: 'https://channels.weixin.qq.com',
  paths: {
    login: '/login.html',
    home: '/platform',
    upload: '/platform/post/create',
    works: '/platform/post/list',
  },
  urls: {
    loggedIn: '^/platform(/|\\?|#|$)',
    login: '/login\\.html',
    // Success: the URL leaves /post/create, to /platform or /platform/post/list (SAU).
    success: '^/platform(/post/list)?(\\?|#|$)',
    createResponse: '/post/post_create',
  },
  openUpload: 'button.weui-desktop-btn:has-text("发表视频")',
  selectors: {
    qrImage: 'img.qrcode',
    loginMarkers: 'iframe[src*="qrconnect"], iframe[src*="login-for-iframe"]',
    fileInput: 'div.post-upload-wrap input[type="file"], input[type="file"][accept*="video"]',
    uploadProgress: 'div.media-status-content div.status-msg',
    uploadDone: 'div.form-btns button.weui-desktop-btn_primary:not(.weui-desktop-btn_disabled):has-text("发表")',
    uploadFailed: 'div.status-msg.error',
    title:
      'input[placeholder="填写短标题有机会获得更多流量"], input[placeholder="概括视频主要内容，字数建议6-16个字符"]',
    description: 'div.input-editor[contenteditable], div[data-placeholder="添加描述"]',
    coverInput: '.single-cover-uploader-wrap input[type="file"]',
    scheduleRadio: 'label:has-text("定时"):not(:has-text("不定时"))',
    scheduleInput: 'input[placeholder="请选择发表时间"]',
    submit: 'div.form-btns button:has-text("发表")',
    submitReady: 'div.form-btns button.weui-desktop-btn_primary:not(.weui-desktop-btn_disabled):has-text("发表")',
    overlayClose: [dialog('切换视频号', 'button:has-text("取消")'), '.changeAccount-dialog button:has-text("取消")'],
    errorText: '.weui-desktop-toast__content',
    // The list page draws these from post_list; the ids come from the API (steps.readWorks).
    workItem: 'div.post-feed-row, div[class*="post-feed-item__"]',
    workIdAttribute: 'data-object-id',
    workTitle: '.post-title',
    workStatus: '.post-status',
    workDuration: '.post-duration',
    workCreatedAt: '.post-time',
  },
  dialogs: {
    sms: verifyDialog('短信验证码'),
    captcha: verifyDialog('图中的字符', { image: dialog('图中的字符', 'img') }),
    real_name: {
      root: dialog('实名验证'),
      prompt: dialog('实名验证', '.weui-desktop-dialog__bd p'),
      image: dialog('实名验证', 'img'),
    },
  },
  topicMode: 'inline',
  scheduleFormat: 'YYYY-MM-DD HH:mm',
  scheduleReadonly: true,
  createResponse: { okPath: ['errCode'], okValue: 0 },
  // post_list answers a status code per item; the sandbox's codes (the research names none) and the list's texts.
  reviewStates: {
    ...COMMON_REVIEW_STATES,
    已发表: 'published',
    '1': 'published',
    '2': 'reviewing',
    '3': 'rejected',
    '4': 'scheduled',
  },
  timeouts: DEFAULT_TIMEOUTS,
  /** The parts of the Channels pages the steps use beyond the shared selectors (channels.steps.ts). */
  parts: {
    qrFrame: 'iframe[src*="qrconnect"], iframe[src*="login-for-iframe"], iframe.display',
    /** 二维码已过期，点击刷新 / 网络不可用，点击刷新 over the code, and what to click. */
    qrExpired: 'p.refresh-tip',
    qrRefresh: 'div.refresh-wrap',
    /** The works-list API the list page calls (its items carry objectId, createTime, desc.media[].videoPlayLen). */
    postListApi: '/post/post_list',
    /** 删除 on a failed upload, and the confirm dialog's button. */
    uploadDelete: 'div.media-status-content div.tag-inner:has-text("删除")',
    uploadDeleteConfirm: 'div.weui-desktop-dialog__wrp:visible button:text-is("删除")',
    uploadArea: 'div.upload-content',
    verticalCover: 'div.vertical-cover-wrap',
    horizontalCover: 'div.horizontal-cover-wrap',
    coverConfirm: `${dialog('编辑封面', 'button:text-is("确认"):not(.weui-desktop-btn_disabled)')}, div.finder-dialog-footer button:text-is("确认"):not(.weui-desktop-btn_disabled)`,
    cropConfirm: dialog('裁剪封面图', 'button:text-is("确定")'),
    scheduleTime: 'input[placeholder="请选择时间"]',
    pickerMonth: 'span.weui-desktop-picker__panel__label:has-text("月")',
    pickerNext: 'button.weui-desktop-btn__icon__right',
    pickerDays: 'table.weui-desktop-picker__table a:not(.weui-desktop-picker__disabled)',
  },
  labels: {
    ...COMMON_LABELS,
    openUpload: '发表视频按钮',
    qrFrame: '登录二维码框',
    qrExpired: '二维码过期提示',
    qrRefresh: '二维码刷新按钮',
    uploadDelete: '删除视频按钮',
    uploadDeleteConfirm: '删除确认按钮',
    uploadArea: '上传区域',
    verticalCover: '竖版封面入口',
    horizontalCover: '横版封面入口',
    coverConfirm: '封面确认按钮',
    cropConfirm: '裁剪确定按钮',
    scheduleTime: '时间输入框',
    pickerMonth: '日期选择器月份',
    pickerNext: '下个月按钮',
    pickerDays: '日期选择器日期',
  },
  // The form is there while the video uploads (发表 stays disabled until it is done, research §4).
  drift: {
    login: ['loginMarkers'],
    upload: ['openUpload', 'fileInput', 'description', 'title', 'scheduleRadio', 'submit'],
    works: [],
    api: [],
  },
};
