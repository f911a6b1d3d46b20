import type { ConnectorDefinitionOf } from '@vidmatrix/contract/connector-definition';
import { COMMON_LABELS, COMMON_REVIEW_STATES, DEFAULT_TIMEOUTS } from './definition.ts';

/** The upload preview beside the hidden input: any of these texts means the upload is done (SAU PR #193). */
const PREVIEW = "div[class^='upload-content'] div[class*='preview-new']";
const UPLOAD_DONE_TEXTS = ['上传成功', '分辨率', '重新上传', '编辑封面', '100%'];

/** A verification dialog of the site's d- kit, told apart by its words. */
const dialog = (words: string) => `.d-modal-mask:has-text("${words}")`;

/**
 * Xiaohongshu (creator.xiaohongshu.com), research/connectors.md §3: QR panel behind the login box's
 * corner icon; hidden `upload-input`; TipTap body with picked topics; d- kit cover modal and 定时发布
 * switch; publish control in a closed shadow root; success at /publish/success; note manager cards
 * with the hex noteId in `data-impression`. Code steps in xiaohongshu.steps.ts.
 */
export const xiaohongshu: ConnectorDefinitionOf['xiaohongshu'] = {
  platform: 'xiaohongshu',
  version: 'xiaohongshu@2026.11.2',
  baseUrl: 'https://creator.xiaohongshu.com',
  paths: {
    login: '/login',
    home: '/new/home',
    upload: '/publish/publish?from=homepage&target=video',
    works: '/new/note-manager?source=official',
  },
  urls: {
    loggedIn: '^/new/',
    login: '^/login',
    success: '/publish/success\\?',
    createResponse: '/web_api/sns/v2/note',
  },
  selectors: {
    // Hashed (css-…) first, then the structure: the QR image in the div after 「APP扫一扫登录」.
    qrImage:
      "div[class*='login-box'] img.css-1lhmg90, div[class*='login-box'] div[class^='css-'] > img[src^='data:image']",
    loginMarkers: "div[class*='login-box']",
    fileInput: "div[class^='upload-content'] input.upload-input",
    uploadProgress: PREVIEW,
    uploadDone: [
      ...UPLOAD_DONE_TEXTS.map((t) => `${PREVIEW}:has-text("${t}"):not(:has-text("上传失败"))`),
      'input[placeholder*="填写标题"]',
    ].join(', '),
    uploadFailed: `${PREVIEW}:has-text("上传失败")`,
    // Not input[class*=title]: hidden 4 px decoys match it (jackwener/OpenCLI #1844).
    title: 'input[placeholder*="填写标题"]',
    // TipTap since ~2025-09, Quill before (aki66938/xhs-toolkit #35).
    description: 'p[data-placeholder*="输入正文描述"], .tiptap.ProseMirror, .ql-editor',
    topicSuggestion: '#creator-editor-topic-container .item',
    coverInput: 'div.upload-wrapper input[type=file]',
    scheduleRadio: ".custom-switch-card:has-text('定时发布') .d-switch",
    scheduleInput: '.d-datepicker-input-filter input.d-text, input[placeholder="选择日期和时间"]',
    submit: 'xhs-publish-btn, button:text-is("发布")',
    submitReady: 'xhs-publish-btn:not([disabled]), button:text-is("发布"):enabled',
    overlayClose: [
      '.d-popover button:text-is("下一步")',
      '.d-popover button:text-is("我知道了")',
      '.d-popover button:text-is("完成")',
    ],
    errorText: '.d-toast, [role="alert"]',
    workItem: '.note-card',
    workIdAttribute: 'data-impression',
    workTitle: '.note-card__title',
    workStatus: '.note-card__status',
    workDuration: '.note-card__duration',
    workCreatedAt: '.note-card__time',
  },
  dialogs: {
    sms: {
      root: dialog('短信验证'),
      prompt: `${dialog('短信验证')} .d-modal-desc`,
      input: `${dialog('短信验证')} input[placeholder="请输入验证码"]`,
      confirm: `${dialog('短信验证')} .d-modal-footer button:text-is("确定")`,
      error: `${dialog('短信验证')} .d-input-error`,
    },
    captcha: {
      root: dialog('图形验证码'),
      prompt: `${dialog('图形验证码')} .d-modal-desc`,
      image: `${dialog('图形验证码')} img`,
      input: `${dialog('图形验证码')} input[placeholder="请输入验证码"]`,
      confirm: `${dialog('图形验证码')} .d-modal-footer button:text-is("确定")`,
      error: `${dialog('图形验证码')} .d-input-error`,
    },
    real_name: {
      root: dialog('实名认证'),
      prompt: `${dialog('实名认证')} .d-modal-desc`,
      image: `${dialog('实名认证')} img`,
    },
  },
  topicMode: 'suggest',
  scheduleFormat: 'YYYY-MM-DD HH:mm',
  scheduleReadonly: false,
  createResponse: { okPath: ['success'], okValue: true, workIdPath: ['data', 'id'] },
  reviewStates: COMMON_REVIEW_STATES,
  permalink: 'https://www.xiaohongshu.com/explore/{id}',
  timeouts: DEFAULT_TIMEOUTS,
  /** What the shared fields have no place for: the QR switch, the cover dialog, the body editor and the note list's API (xiaohongshu.steps.ts). */
  parts: {
    /** The login box's corner icon that shows 「APP扫一扫登录」 (hashed first, then its place). */
    qrSwitch: "img.css-wemwzq, div[class*='login-box-container'] > img[class^='css-']",
    coverOpen: 'div.upload-cover',
    coverModal: ".d-modal-mask:has(div.upload-wrapper input[type='file'])",
    coverTab: '.d-tab:text-is("上传封面")',
    coverConfirm: '.d-modal-footer button:text-is("确定"):enabled',
    topicLink: 'a.tiptap-topic',
    /** How long the live topic API may take before a topic is skipped (SAU: it may never answer). */
    topicWaitMs: 8_000,
    /** The note manager's list API (IDX); the page draws its cards from this answer. */
    worksApi: '/api/galaxy/v2/creator/note/user/posted',
    /** The label the publish control reads for a scheduled post (SAU). */
    scheduledLabel: '定时发布',
  },
  labels: {
    ...COMMON_LABELS,
    qrSwitch: '扫码登录切换',
    coverOpen: '封面设置入口',
    coverModal: '封面设置弹窗',
    coverTab: '上传封面标签',
    coverConfirm: '封面确定按钮',
    topicLink: '已选话题',
  },
  // The editor appears after the upload (research §3): before a file the page shows its hidden input.
  drift: {
    login: ['loginMarkers', 'qrSwitch'],
    upload: ['fileInput'],
    works: ['workItem', 'workTitle', 'workStatus'],
    api: [],
  },
};
