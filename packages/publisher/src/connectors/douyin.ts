import type { ConnectorDefinitionOf } from '@vidmatrix/contract/connector-definition';
import { COMMON_LABELS, COMMON_REVIEW_STATES, DEFAULT_TIMEOUTS } from './definition.ts';

/**
 * Douyin creator centre (creator.douyin.com), from research/connectors.md §1: the file goes on a hidden
 * input, the page moves to the v1 or v2 publish URL (the account's grey group), the form is Semi
 * Design with a contenteditable description, and success lands on /content/manage. Comma-separated
 * selectors are fallbacks, newest first; `[class^=…]` prefixes survive the hashed class suffixes.
 */
export const douyin: ConnectorDefinitionOf['douyin'] = {
  platform: 'douyin',
  version: 'douyin@2026.11.2',
  baseUrl: 'https://creator.douyin.com',
  paths: {
    login: '/',
    home: '/creator-micro/home',
    upload: '/creator-micro/content/upload',
    works: '/creator-micro/content/manage',
  },
  urls: {
    loggedIn: '/creator-micro/',
    login: '^/(\\?.*)?$',
    success: '/creator-micro/content/manage',
    createResponse: '/aweme/create_v2',
  },
  selectors: {
    qrImage: '#animate_qrcode_container img, [class*="scan_qrcode_login_content"] img, img[aria-label="二维码"]',
    loginMarkers: ':text("扫码登录"), :text("手机号登录")',
    fileInput: 'input.upload-btn-input, div[class^="container"] input[accept]',
    uploadProgress: 'div.progress-div',
    uploadDone: '[class^="long-card"]:has-text("重新上传")',
    uploadFailed: 'div.progress-div:has-text("上传失败")',
    title: 'input[placeholder*="填写作品标题"]',
    description: 'div.zone-container[contenteditable="true"]',
    coverInput: '.semi-upload:has(.semi-upload-drag-area-main-text) input.semi-upload-hidden-input',
    scheduleRadio: '[class^="radio"]:has-text("定时发布")',
    scheduleInput: '.semi-input[placeholder="日期和时间"], input[format="yyyy-MM-dd HH:mm"]',
    submit: 'button:text-is("发布")',
    submitReady: 'button:text-is("发布"):enabled',
    overlayClose: [
      '.shepherd-element .shepherd-button:has-text("下一步")',
      '.shepherd-element .shepherd-button:has-text("我知道了")',
      '.shepherd-element .shepherd-cancel-icon',
    ],
    errorText: '.semi-toast-content-text',
    // The manage page's cards carry no id: works are read from the list API the page fetches.
    workItem: '[class^="video-card"]',
    workIdAttribute: 'data-aweme-id',
    workTitle: '.info-title-text',
    workStatus: '.status-tag',
    workDuration: '.card-duration',
    workCreatedAt: '.info-time',
  },
  dialogs: {
    sms: {
      root: '.uc-ui-verify_sms-verify',
      prompt: '.uc-ui-verify_sms-verify_tip',
      input: '.uc-ui-verify_sms-verify input[placeholder*="验证码"]',
      confirm: 'div.uc-ui-verify_sms-verify_button',
      error: '.uc-ui-verify_sms-verify_error',
    },
    captcha: {
      root: '#captcha_container',
      prompt: '.captcha_verify_bar--title',
      image: '#captcha_container img',
      input: '#captcha_container input',
      confirm: '.captcha_verify_action',
      error: '.captcha_verify_message',
    },
    real_name: {
      root: '.semi-modal:has-text("实名认证")',
      prompt: '.semi-modal:has-text("实名认证") .semi-modal-title',
      image: '.semi-modal:has-text("实名认证") img',
    },
  },
  topicMode: 'inline',
  scheduleFormat: 'YYYY-MM-DD HH:mm',
  scheduleReadonly: false,
  createResponse: { okPath: ['status_code'], okValue: 0, workIdPath: ['aweme_id'] },
  reviewStates: COMMON_REVIEW_STATES,
  permalink: 'https://www.douyin.com/video/{id}',
  timeouts: DEFAULT_TIMEOUTS,
  /** What the steps need beyond the shared fields (douyin.steps.ts). */
  parts: {
    /** The expired-QR cover; clicking its parent asks for a new code. */
    qrExpired: 'text=二维码失效',
    /** The # topic dropdown's layer: it lingers over the page and takes clicks until Escape. */
    mentionPortal: '.semi-portal:has([class*="mention-wrapper"])',
    /** Hover reveals 选择封面 / 编辑封面 on the cover box. */
    coverEntry: '[class^="coverControl"], :text("选择封面")',
    coverModal: 'div.dy-creator-content-modal',
    coverDone: 'div.dy-creator-content-modal button:text-is("完成")',
    /** The second confirm 完成 may raise. */
    coverConfirm: '.semi-modal-confirm button:text-is("确定"), .semi-modal:has-text("是否确认") button:text-is("确定")',
    /** Without a cover of its own the post takes the first recommended one (请设置封面后再发布 otherwise). */
    recommendedCover: '[class^="recommendCover-"]',
    declarationEntry: ':text-is("请选择自主声明")',
    declarationModal: '.semi-modal-content:has-text("请选择声明类型")',
    declarationOption: 'label.semi-radio',
    declarationConfirm: 'button.semi-button-primary:has-text("确定")',
    /** The 自主声明 this product makes: its clips are edited and voiced by AI. */
    declaration: '内容由AI生成',
    /** The works-list APIs the manage page fetches (older and newer). */
    workListResponse: '/janus/douyin/creator/pc/work_list|/web/api/creator/item/list',
  },
  labels: {
    ...COMMON_LABELS,
    qrExpired: '二维码失效提示',
    mentionPortal: '话题下拉层',
    coverEntry: '选择封面入口',
    coverModal: '封面设置弹窗',
    coverDone: '封面完成按钮',
    coverConfirm: '封面确认按钮',
    recommendedCover: '推荐封面',
    declarationEntry: '自主声明入口',
    declarationModal: '自主声明弹窗',
    declarationOption: '声明选项',
    declarationConfirm: '声明确定按钮',
  },
  // The v2 form renders only after the upload (research §1): before a file the page shows its input.
  drift: { login: ['qrImage', 'loginMarkers'], upload: ['fileInput'], works: [], api: [] },
};
