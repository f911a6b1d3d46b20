import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import type { NeedsActionKind, ReviewState } from '../types.ts';

/** Deadlines of each phase, ms. */
export interface ConnectorTimeouts {
  /** One page load. */
  navigation: number;
  /** Proving the session on the upload page. */
  loginCheck: number;
  /** Waiting for the person to scan the login QR. */
  qrLogin: number;
  /** The file transfer, from setting the file to 上传成功. */
  upload: number;
  /** The platform's processing after the upload, until submit is enabled. */
  processing: number;
  /** Filling the form. */
  fill: number;
  /** From the submit click to the platform's answer (create response or success page). */
  submit: number;
  /** Reading the works list back until the post shows. */
  verify: number;
  /** Between two reads of the works list. */
  worksPoll: number;
  /** Waiting for a person to answer a captcha/SMS/real-name check. */
  needsAction: number;
}

/** A dialog that hands the job to a person. */
export interface DialogSelectors {
  root: string;
  prompt?: string;
  image?: string;
  input?: string;
  confirm?: string;
  error?: string;
}

/**
 * One creator centre as data: where its pages are, how to recognise them and what to click. A changed
 * page is a data fix here and a new `version`.
 */
export interface ConnectorDefinition {
  platform: PublishPlatform;
  version: string;
  baseUrl: string;
  paths: { login: string; upload: string; works: string; home: string };
  /** URL patterns: regular expression sources matched against the URL less the base URL (the full URL when off it). */
  urls: { loggedIn: string; login: string; success: string; createResponse: string };
  /** Click this on the home page to open the upload page (Channels: its direct URL loads an empty shell). */
  openUpload?: string;
  /** The iframe the upload form lives in (Channels). */
  formFrame?: string;
  selectors: {
    qrImage: string;
    /** Visible only when logged out. */
    loginMarkers: string;
    fileInput: string;
    uploadProgress: string;
    uploadDone: string;
    uploadFailed: string;
    title?: string;
    description: string;
    topicInput?: string;
    topicSuggestion?: string;
    coverInput?: string;
    scheduleRadio: string;
    scheduleInput: string;
    submit: string;
    /** The submit control once processing has ended. */
    submitReady: string;
    confirm?: string;
    /** Close buttons of guides and overlays that steal clicks. */
    overlayClose: string[];
    errorText: string;
    workItem: string;
    workIdAttribute: string;
    workTitle: string;
    workStatus: string;
    /** The work's duration (m:ss or seconds) in a works-list item, where the list shows it. */
    workDuration?: string;
    /** The work's creation time (a datetime attribute or text) in a works-list item, where the list shows it. */
    workCreatedAt?: string;
  };
  dialogs: Record<NeedsActionKind, DialogSelectors>;
  /** How topics go in: inline "#tag" in the description, a tag input closed by Enter, or a suggestion picker. */
  topicMode: 'inline' | 'enter' | 'suggest';
  /** The schedule input's format (Beijing time) and whether it is readonly (set through the native setter). */
  scheduleFormat: 'YYYY-MM-DD HH:mm' | 'YYYY-MM-DD HH:mm:ss';
  scheduleReadonly: boolean;
  /** The create response: which field says it went through, and where the work id is (if the platform gives one). */
  createResponse: { okPath: string[]; okValue: string | number | boolean; workIdPath?: string[] };
  /** Works-list status text → review state. */
  reviewStates: Record<string, ReviewState>;
  /** Public link of a work, `{id}` replaced. */
  permalink?: string;
  timeouts: ConnectorTimeouts;
}

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
