import type { ConnectorDefinitionOf } from '@vidmatrix/contract/connector-definition';
import { COMMON_DIALOGS, COMMON_LABELS, COMMON_REVIEW_STATES, DEFAULT_TIMEOUTS } from './definition.ts';

/**
 * Bilibili creator centre (member.bilibili.com). Posts go through its web upload API (research/connectors.md
 * §5 steps 1–9, as biliup and bilibili-api do) with the account's cookies; the pages below serve the QR login.
 */
export const bilibili: ConnectorDefinitionOf['bilibili'] = {
  platform: 'bilibili',
  version: 'bilibili@2026.11.2',
  baseUrl: 'https://member.bilibili.com',
  paths: {
    login: '/passport/login',
    home: '/platform/home',
    upload: '/platform/upload/video/frame',
    works: '/platform/upload-manager/article',
  },
  urls: {
    loggedIn: '/platform/home',
    login: 'passport',
    success: '/platform/upload-manager/article',
    createResponse: '/x/vu/web/add/v3',
  },
  selectors: {
    qrImage: 'img.qrcode-img',
    loginMarkers: ':text("扫码登录")',
    // The upload page per research §5's browser flow (MP; video-publisher-skill #20); publishing uses the API.
    fileInput: 'input[type=file]',
    uploadProgress: ':text-matches("上传中\\s*\\d+%")',
    uploadDone: ':text("上传完成")',
    uploadFailed: ':text("上传失败")',
    title: 'input[maxlength="80"]',
    description: 'div.ql-editor[contenteditable]',
    topicInput: 'input[placeholder="按回车键Enter创建标签"]',
    coverInput: "div.bcc-upload-wrapper > input[accept='image/png, image/jpeg']",
    scheduleRadio: 'label:has-text("定时发布") input',
    scheduleInput: 'input[placeholder="日期和时间"]',
    submit: 'span.submit-add',
    submitReady: 'span.submit-add',
    overlayClose: [],
    errorText: '.bcc-message--error, [role="alert"]',
    workItem: '.work-item',
    workIdAttribute: 'data-work-id',
    workTitle: '.work-title',
    workStatus: '.work-status',
  },
  dialogs: COMMON_DIALOGS,
  topicMode: 'enter',
  scheduleFormat: 'YYYY-MM-DD HH:mm',
  scheduleReadonly: false,
  createResponse: { okPath: ['code'], okValue: 0, workIdPath: ['data', 'bvid'] },
  // The archives API's state codes (BRS colours 0 published, -2 rejected, -30 in review; -40 waits for dtime).
  reviewStates: { ...COMMON_REVIEW_STATES, '0': 'published', '-2': 'rejected', '-30': 'reviewing', '-40': 'scheduled' },
  permalink: 'https://www.bilibili.com/video/{id}',
  timeouts: DEFAULT_TIMEOUTS,
  /** The web upload API as data: paths on member.bilibili.com (api.* where `api`), fields, codes (bilibili-api.ts, bilibili.steps.ts). */
  parts: {
    /** api.bilibili.com: the member host with `member.` swapped for `api.` (the sandbox serves both on one host). */
    apiHost: { from: '//member.', to: '//api.' },
    nav: '/x/web-interface/nav',
    probe: '/preupload?r=probe',
    preupload: '/preupload',
    /** BAPI's profile; BPY/BRS send ugcupos/bup. */
    profile: 'ugcfx/bup',
    /** The line used when the probe gives none (research §5 step 2). */
    defaultLine: 'probe_version=20221109&upcdn=bda2&zone=cs',
    coverUp: '/x/vu/web/cover/up',
    add: '/x/vu/web/add/v3',
    archives: '/x/web/archives',
    /** Recent works are on the first page, newest first. */
    archivesPageSize: 30,
    gaiaRegister: '/x/gaia-vgate/v1/register',
    gaiaValidate: '/x/gaia-vgate/v1/validate',
    /** 分区: 生活 › 日常, until the member can choose one. */
    tid: 21,
    /** Chunks in flight at once and tries per chunk (BRS: 3 parallel, up to 10 retries). */
    parallelChunks: 3,
    chunkTries: 5,
    /** One chunk's own deadline, ms (BRS: 240 s). */
    chunkTimeout: 240_000,
    codes: { ok: 0, notLoggedIn: -101, csrf: -111, riskControl: -352, intercepted: -412 },
  },
  labels: {
    ...COMMON_LABELS,
    nav: '登录状态接口',
    probe: '上传线路接口',
    preupload: '预上传接口',
    coverUp: '封面上传接口',
    add: '投稿接口',
    archives: '稿件列表接口',
  },
  // Posts go through the web API: its check calls the endpoints that need no upload, with the account's cookies.
  drift: { login: ['qrImage', 'loginMarkers'], upload: [], works: [], api: ['nav', 'probe', 'archives'] },
};
