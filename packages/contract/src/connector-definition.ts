import { z } from 'zod';
import { NEEDS_ACTION_KINDS, REVIEW_STATES } from './rules/publish-result.ts';
import { PUBLISH_PLATFORMS, type PublishPlatform } from './rules/publish-rules.ts';

/**
 * A creator centre as data (issue 22): where its pages are, how to recognise them, what to click, the
 * Chinese name of each element (what the drift check reports) and which elements the check looks for.
 * The publisher ships one definition per platform; an operator loads newer ones without a release
 * (`npm run admin -- connectors import <file.json>`), validated by these schemas, and runners fetch them.
 * Messages are English: only the operator's CLI shows them.
 */

const selector = z.string().trim().min(1).max(2000);
const words = z.string().trim().min(1).max(200);

function compiles(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** A regular expression source (URL patterns, id extractors). */
const pattern = z.string().min(1).max(1000).refine(compiles, 'not a valid regular expression');
/** A path below the base URL. */
const path = z.string().max(1000).regex(/^\//, 'must start with /');
const ms = z
  .number()
  .int()
  .min(1)
  .max(24 * 3600_000);
/** A Chinese element name a member reads in the drift check (上传按钮, 标题输入框). */
const label = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[^A-Za-z]*[\u4e00-\u9fff][^A-Za-z]*$/, 'must be Chinese words (members read it)');
const jsonPath = z.array(z.string().min(1).max(100)).min(1).max(10);

/** Deadlines of each phase, ms. */
export const connectorTimeouts = z.strictObject({
  /** One page load. */
  navigation: ms,
  /** Proving the session on the upload page (the drift check gives a page as long to show its elements). */
  loginCheck: ms,
  /** Waiting for the person to scan the login QR. */
  qrLogin: ms,
  /** The file transfer, from setting the file to 上传成功. */
  upload: ms,
  /** The platform's processing after the upload, until submit is enabled. */
  processing: ms,
  /** Filling the form. */
  fill: ms,
  /** From the submit click to the platform's answer (create response or success page). */
  submit: ms,
  /** Reading the works list back until the post shows. */
  verify: ms,
  /** Between two reads of the works list. */
  worksPoll: ms,
  /** Waiting for a person to answer a captcha/SMS/real-name check. */
  needsAction: ms,
});
export type ConnectorTimeouts = z.infer<typeof connectorTimeouts>;

/** A dialog that hands the job to a person. */
export const dialogSelectors = z.strictObject({
  root: selector,
  prompt: selector.optional(),
  image: selector.optional(),
  input: selector.optional(),
  confirm: selector.optional(),
  error: selector.optional(),
});
export type DialogSelectors = z.infer<typeof dialogSelectors>;

const selectors = z.strictObject({
  qrImage: selector,
  /** Visible only when logged out. */
  loginMarkers: selector,
  fileInput: selector,
  uploadProgress: selector,
  uploadDone: selector,
  uploadFailed: selector,
  title: selector.optional(),
  description: selector,
  topicInput: selector.optional(),
  topicSuggestion: selector.optional(),
  coverInput: selector.optional(),
  scheduleRadio: selector,
  scheduleInput: selector,
  submit: selector,
  /** The submit control once processing has ended. */
  submitReady: selector,
  confirm: selector.optional(),
  /** Close buttons of guides and overlays that steal clicks. */
  overlayClose: z.array(selector).max(20),
  errorText: selector,
  workItem: selector,
  workIdAttribute: z.string().min(1).max(100),
  workTitle: selector,
  workStatus: selector,
  /** The work's duration (m:ss or seconds) in a works-list item, where the list shows it. */
  workDuration: selector.optional(),
  /** The work's creation time (a datetime attribute or text) in a works-list item, where the list shows it. */
  workCreatedAt: selector.optional(),
});

/**
 * What the drift check looks for without uploading or posting, as element keys (a key of `selectors`,
 * of `parts`, or `openUpload`): on the login page in a signed-out browser, on the upload page before a
 * file is chosen, in a works list that lists a work, and (Bilibili) the web API endpoints its own check
 * calls with the account's cookies. Elements a page shows only after an upload are not in it.
 */
export const driftPlan = z.strictObject({
  login: z.array(z.string().min(1).max(100)).max(50),
  upload: z.array(z.string().min(1).max(100)).max(50),
  works: z.array(z.string().min(1).max(100)).max(50),
  api: z.array(z.string().min(1).max(100)).max(50),
});
export const DRIFT_PAGES = ['login', 'upload', 'works', 'api'] as const;

const base = {
  version: z
    .string()
    .min(3)
    .max(100)
    .regex(/^[a-z]+@\S+$/, 'must read <platform>@<version>'),
  baseUrl: z.url().max(500),
  paths: z.strictObject({ login: path, upload: path, works: path, home: path }),
  /** URL patterns: regular expression sources matched against the URL less the base URL (the full URL when off it). */
  urls: z.strictObject({ loggedIn: pattern, login: pattern, success: pattern, createResponse: pattern }),
  /** Click this on the home page to open the upload page (Channels: its direct URL loads an empty shell). */
  openUpload: selector.optional(),
  /** The iframe the upload form lives in. */
  formFrame: selector.optional(),
  selectors,
  dialogs: z.strictObject(
    Object.fromEntries(NEEDS_ACTION_KINDS.map((k) => [k, dialogSelectors])) as Record<
      (typeof NEEDS_ACTION_KINDS)[number],
      typeof dialogSelectors
    >,
  ),
  /** How topics go in: inline "#tag" in the description, a tag input closed by Enter, or a suggestion picker. */
  topicMode: z.enum(['inline', 'enter', 'suggest']),
  /** The schedule input's format (Beijing time) and whether it is readonly (set through the native setter). */
  scheduleFormat: z.enum(['YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss']),
  scheduleReadonly: z.boolean(),
  /** The create response: which field says it went through, and where the work id is (if the platform gives one). */
  createResponse: z.strictObject({
    okPath: jsonPath,
    okValue: z.union([z.string().max(100), z.number(), z.boolean()]),
    workIdPath: jsonPath.optional(),
  }),
  /** Works-list status text → review state. */
  reviewStates: z.record(z.string().min(1).max(50), z.enum(REVIEW_STATES)),
  /** Public link of a work, `{id}` replaced. */
  permalink: z.string().min(1).max(500).optional(),
  timeouts: connectorTimeouts,
  /** The Chinese name of each element, by key (selectors, parts, openUpload). */
  labels: z.record(z.string().min(1).max(100), label),
  drift: driftPlan,
};

/** Douyin's page parts beyond the shared fields (douyin.steps.ts). */
export const douyinParts = z.strictObject({
  /** The expired-QR cover; clicking its parent asks for a new code. */
  qrExpired: selector,
  /** The # topic dropdown's layer: it lingers over the page and takes clicks until Escape. */
  mentionPortal: selector,
  /** Hover reveals 选择封面 / 编辑封面 on the cover box. */
  coverEntry: selector,
  coverModal: selector,
  coverDone: selector,
  /** The second confirm 完成 may raise. */
  coverConfirm: selector,
  /** Without a cover of its own the post takes the first recommended one (请设置封面后再发布 otherwise). */
  recommendedCover: selector,
  declarationEntry: selector,
  declarationModal: selector,
  declarationOption: selector,
  declarationConfirm: selector,
  /** The 自主声明 this product makes (the option's words). */
  declaration: words,
  /** The works-list APIs the manage page fetches (a pattern of their paths). */
  workListResponse: pattern,
});

/** Kuaishou's page parts beyond the shared fields (kuaishou.steps.ts). */
export const kuaishouParts = z.strictObject({
  loginForm: selector,
  /** Turns passport's phone form to the QR. */
  qrSwitch: selector,
  qrExpired: selector,
  qrRefresh: selector,
  /** The logged-out intro page's way to the login. */
  introLogin: selector,
  /** After 上传失败 the file goes into this input of the progress box. */
  retryInput: selector,
  /** The upload has started: the progress box shows and no longer says 上传失败. */
  uploadStarted: selector,
  /** 封面设置's label; the first div of its next sibling opens the cover modal. */
  coverLabel: selector,
  coverModal: selector,
  /** The cover modal's tab and button, by their words. */
  coverTab: words,
  coverConfirm: words,
  /** A works item's link to its public page, which carries the id. */
  workLink: selector,
  workIdInLink: pattern,
});

/** Xiaohongshu's page parts beyond the shared fields (xiaohongshu.steps.ts). */
export const xiaohongshuParts = z.strictObject({
  /** The login box's corner icon that shows 「APP扫一扫登录」. */
  qrSwitch: selector,
  coverOpen: selector,
  coverModal: selector,
  coverTab: selector,
  coverConfirm: selector,
  topicLink: selector,
  /** How long the live topic API may take before a topic is skipped (it may never answer). */
  topicWaitMs: ms,
  /** The note manager's list API (a part of its URL). */
  worksApi: words,
  /** The label the publish control reads for a scheduled post. */
  scheduledLabel: words,
});

/** WeChat Channels' page parts beyond the shared fields (channels.steps.ts). */
export const channelsParts = z.strictObject({
  qrFrame: selector,
  /** 二维码已过期，点击刷新 over the code, and what to click. */
  qrExpired: selector,
  qrRefresh: selector,
  /** The works-list API the list page calls (a part of its URL). */
  postListApi: words,
  /** 删除 on a failed upload, and the confirm dialog's button. */
  uploadDelete: selector,
  uploadDeleteConfirm: selector,
  uploadArea: selector,
  verticalCover: selector,
  horizontalCover: selector,
  coverConfirm: selector,
  cropConfirm: selector,
  scheduleTime: selector,
  pickerMonth: selector,
  pickerNext: selector,
  pickerDays: selector,
});

const count = (max: number) => z.number().int().min(1).max(max);

/** Bilibili's web upload API (paths on member.bilibili.com, api.* where named), its fields and codes. */
export const bilibiliParts = z.strictObject({
  /** api.bilibili.com: the member host with `from` swapped for `to`. */
  apiHost: z.strictObject({ from: words, to: words }),
  nav: path,
  probe: path,
  preupload: path,
  profile: words,
  /** The line used when the probe gives none. */
  defaultLine: words,
  coverUp: path,
  add: path,
  archives: path,
  /** Recent works are on the first page, newest first. */
  archivesPageSize: count(100),
  gaiaRegister: path,
  gaiaValidate: path,
  /** 分区 of every post. */
  tid: count(100_000),
  /** Chunks in flight at once and tries per chunk. */
  parallelChunks: count(16),
  chunkTries: count(20),
  /** One chunk's own deadline, ms. */
  chunkTimeout: ms,
  codes: z.strictObject({
    ok: z.number().int(),
    notLoggedIn: z.number().int(),
    csrf: z.number().int(),
    riskControl: z.number().int(),
    intercepted: z.number().int(),
  }),
});

/** Every element key a definition names: its selectors, openUpload and the selector strings among its parts. */
export function elementSelector(def: { selectors: object; parts: object; openUpload?: string }, key: string) {
  if (key === 'openUpload') {
    return def.openUpload;
  }
  const own = (o: object) => (Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined);
  const value = own(def.selectors) ?? own(def.parts);
  return typeof value === 'string' ? value : undefined;
}

/** The drift plan names only elements the definition has, each with its Chinese label. */
type PlanInput = z.infer<z.ZodObject<typeof base>> & { parts: object };

function checkPlan(def: PlanInput, ctx: z.RefinementCtx) {
  for (const page of DRIFT_PAGES) {
    def.drift[page].forEach((key, i) => {
      const known = page === 'api' ? Object.hasOwn(def.parts, key) : elementSelector(def, key) !== undefined;
      if (!known) {
        ctx.addIssue({ code: 'custom', path: ['drift', page, i], message: `no element "${key}" in this definition` });
      } else if (!def.labels[key]) {
        ctx.addIssue({ code: 'custom', path: ['labels', key], message: `"${key}" needs a Chinese label` });
      }
    });
  }
}

function definitionOf<P extends PublishPlatform, S extends z.ZodType>(platform: P, parts: S) {
  return z
    .strictObject({ platform: z.literal(platform), ...base, parts })
    .superRefine((def, ctx) => checkPlan(def as PlanInput, ctx));
}

export const douyinDefinition = definitionOf('douyin', douyinParts);
export const kuaishouDefinition = definitionOf('kuaishou', kuaishouParts);
export const xiaohongshuDefinition = definitionOf('xiaohongshu', xiaohongshuParts);
export const channelsDefinition = definitionOf('channels', channelsParts);
export const bilibiliDefinition = definitionOf('bilibili', bilibiliParts);

/** The definitions of each platform, as an operator's file holds them (platforms left out keep the built-in one). */
export const connectorDefinitions = z
  .strictObject({
    douyin: douyinDefinition.optional(),
    kuaishou: kuaishouDefinition.optional(),
    xiaohongshu: xiaohongshuDefinition.optional(),
    channels: channelsDefinition.optional(),
    bilibili: bilibiliDefinition.optional(),
  })
  .refine((file) => PUBLISH_PLATFORMS.some((p) => file[p] !== undefined), {
    message: `name at least one of ${PUBLISH_PLATFORMS.join(', ')}`,
  });
export type ConnectorDefinitions = z.infer<typeof connectorDefinitions>;

/** Each platform's definition type. */
export interface ConnectorDefinitionOf {
  douyin: z.infer<typeof douyinDefinition>;
  kuaishou: z.infer<typeof kuaishouDefinition>;
  xiaohongshu: z.infer<typeof xiaohongshuDefinition>;
  channels: z.infer<typeof channelsDefinition>;
  bilibili: z.infer<typeof bilibiliDefinition>;
}
/** One creator centre's definition, any platform. */
export type ConnectorDefinition = ConnectorDefinitionOf[PublishPlatform];
/** Each platform's parts. */
export type ConnectorParts<P extends PublishPlatform> = ConnectorDefinitionOf[P]['parts'];

/** Where an issue is in a definitions file, and what is wrong, one line each (the CLI prints these). */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join('.') || '(file)'}: ${issue.message}`);
}
