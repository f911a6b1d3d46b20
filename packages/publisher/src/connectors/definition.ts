import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import type {
  ConnectorDefinition,
  ConnectorParts,
  ConnectorTimeouts,
  DialogSelectors,
} from '@vidmatrix/contract/connector-definition';
import type { NeedsActionKind, ReviewState } from '../types.ts';

// The definition's shape is the contract's (connector-definition.ts): the operator's files are checked against it.
export type {
  ConnectorDefinition,
  ConnectorDefinitions,
  ConnectorTimeouts,
  DialogSelectors,
} from '@vidmatrix/contract/connector-definition';

/** A platform's page parts beyond the shared fields; throws when the definition is another platform's. */
export function partsOf<P extends PublishPlatform>(def: ConnectorDefinition, platform: P): ConnectorParts<P> {
  if (def.platform !== platform) {
    throw new Error(`${platform} steps were given the ${def.platform} definition`);
  }
  return def.parts;
}

/**
 * The Chinese names of the shared elements, as the drift check reports a missing one to a member;
 * each definition spreads these into its `labels` and names its own parts beside them.
 */
export const COMMON_LABELS = {
  qrImage: '登录二维码',
  loginMarkers: '登录框',
  fileInput: '上传按钮',
  uploadProgress: '上传进度',
  uploadDone: '上传完成提示',
  uploadFailed: '上传失败提示',
  title: '标题输入框',
  description: '描述输入框',
  topicInput: '话题输入框',
  topicSuggestion: '话题推荐列表',
  coverInput: '封面上传入口',
  scheduleRadio: '定时发布选项',
  scheduleInput: '发布时间输入框',
  submit: '发布按钮',
  submitReady: '可点击的发布按钮',
  confirm: '确认发布按钮',
  overlayClose: '引导关闭按钮',
  errorText: '错误提示',
  workItem: '作品列表项',
  workIdAttribute: '作品编号',
  workTitle: '作品标题',
  workStatus: '作品状态',
  workDuration: '作品时长',
  workCreatedAt: '作品发布时间',
  /** The works list as a whole (the drift check could not read it). */
  worksList: '作品列表',
} as const;

/**
 * Page error text that is the platform's risk control (操作频繁 and its variants) rather than a refusal
 * of the post itself: the server pauses the account for a cooldown instead of letting it post again soon.
 */
export const RATE_LIMIT_TEXT = /频繁|太快|过于频繁|操作受限/;

export const DEFAULT_TIMEOUTS: ConnectorTimeouts = {
  navigation: 60_000,
  loginCheck: 30_000,
  qrLogin: 180_000,
  upload: 30 * 60_000,
  processing: 10 * 60_000,
  fill: 120_000,
  submit: 120_000,
  verify: 30 * 60_000,
  worksPoll: 20_000,
  needsAction: 10 * 60_000,
};

/** The review-state labels the creator centres use. */
export const COMMON_REVIEW_STATES: Record<string, ReviewState> = {
  审核中: 'reviewing',
  已发布: 'published',
  定时发布: 'scheduled',
  未通过: 'rejected',
};

/** The verification dialogs (SMS, captcha, real-name QR) as the creator centres draw them. */
export const COMMON_DIALOGS: Record<NeedsActionKind, DialogSelectors> = {
  sms: {
    root: '.verify-modal[data-kind="sms"]',
    prompt: '.verify-title',
    input: '.verify-input',
    confirm: '.verify-ok',
    error: '.verify-error',
  },
  captcha: {
    root: '.verify-modal[data-kind="captcha"]',
    prompt: '.verify-title',
    image: '.verify-image',
    input: '.verify-input',
    confirm: '.verify-ok',
    error: '.verify-error',
  },
  real_name: { root: '.verify-modal[data-kind="real_name"]', prompt: '.verify-title', image: '.verify-image' },
};

/** Overrides a deployment (or a test) applies to a definition: another base URL, other deadlines. */
export interface ConnectorOverrides {
  baseUrl?: string;
  timeouts?: Partial<ConnectorTimeouts>;
}

/** A definition with overrides applied. */
export function withOverrides(def: ConnectorDefinition, o: ConnectorOverrides = {}): ConnectorDefinition {
  return { ...def, baseUrl: o.baseUrl ?? def.baseUrl, timeouts: { ...def.timeouts, ...o.timeouts } };
}

/** The value at a path of a JSON body, or undefined. */
export function valueAt(body: unknown, path: readonly string[]): unknown {
  let v: unknown = body;
  for (const key of path) {
    if (!v || typeof v !== 'object') {
      return undefined;
    }
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** A schedule time as the platform's picker shows it: Beijing time (UTC+8, no daylight saving). */
export function formatSchedule(epochMs: number, format: ConnectorDefinition['scheduleFormat']): string {
  const d = new Date(epochMs + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const minute = `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
  return format === 'YYYY-MM-DD HH:mm:ss' ? `${minute}:${p(d.getUTCSeconds())}` : minute;
}
