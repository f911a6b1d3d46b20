import { z } from 'zod';
import { Msg, fillMsg } from '../messages.ts';
import {
  REPLY_BUSINESS_MAX_LENGTH,
  REPLY_HOURLY_CAP_DEFAULT,
  REPLY_HOURLY_CAP_MAX,
  REPLY_KEYWORD_MAX_LENGTH,
  REPLY_KEYWORDS_MAX,
  REPLY_MATCH_KINDS,
  REPLY_MODES,
  REPLY_PRODUCTS_MAX_LENGTH,
  REPLY_RULE_KINDS,
  type ReplyMatchKind,
} from '../rules/reply-rules.ts';
import { REPLY_PATTERN_MAX_LENGTH, replyPatternProblem } from '../rules/reply-pattern.ts';
import { MESSAGE_MAX_LENGTH } from './customer.ts';
import { id, int, text } from './common.ts';
import { ReplyRuleReads } from './reply-rule-reads.ts';

/** Every reply-rule, approval and AI获客 overview path (issue 23). */
export const ReplyRuleApi = {
  ...ReplyRuleReads,
  save: '/api/customer.ReplyRule/save',
  remove: '/api/customer.ReplyRule/delete',
  saveSettings: '/api/customer.ReplyRule/saveSettings',
  approve: '/api/customer.DouyinCustomer/approveReply',
  discard: '/api/customer.DouyinCustomer/discardReply',
} as const;

export const replyRuleKind = z.enum(REPLY_RULE_KINDS, { error: Msg.replyRuleKindInvalid });
export const replyMatchKind = z.enum(REPLY_MATCH_KINDS, { error: Msg.replyRuleMatchInvalid });
export const replyMode = z.enum(REPLY_MODES, { error: Msg.replyRuleModeInvalid });

/** Chinese labels of the rule's choices. */
export const REPLY_KIND_LABEL = { keyword: Msg.replyKindKeyword, ai: Msg.replyKindAi } as const;
export const REPLY_MATCH_LABEL = {
  contains: Msg.replyMatchContains,
  exact: Msg.replyMatchExact,
  starts_with: Msg.replyMatchStartsWith,
  ends_with: Msg.replyMatchEndsWith,
  regex: Msg.replyMatchRegex,
} as const satisfies Record<ReplyMatchKind, string>;
export const REPLY_MODE_LABEL = { auto: Msg.replyModeAuto, approve: Msg.replyModeApprove } as const;

/** One reply rule of a member. */
export const replyRule = z.object({
  rule_id: z.number().int(),
  kind: replyRuleKind,
  match: replyMatchKind,
  keywords: z.array(z.string()),
  /** The reply of a keyword rule ('' for an AI rule: the model drafts it). */
  reply: z.string(),
  mode: replyMode,
  enabled: z.boolean(),
  /**
   * Why the rule does not work, in member words ('' when it does): a pattern saved before the checks of
   * reply-pattern.ts that fails them now matches nothing.
   */
  problem: z.string(),
  updated_at: z.string(),
});
export type ReplyRule = z.infer<typeof replyRule>;

/** Why a saved rule does not work ('' when it does): its first pattern the matcher will not run. */
export function replyRuleProblem(match: ReplyMatchKind, keywords: readonly string[]): string {
  const stopped = match === 'regex' ? keywords.find((k) => replyPatternProblem(k) !== null) : undefined;
  return stopped === undefined ? '' : fillMsg(Msg.replyRulePatternDisabled, { pattern: stopped });
}

export const replyRuleListResult = z.object({ list: z.array(replyRule) });
export type ReplyRuleListResult = z.infer<typeof replyRuleListResult>;

// Lengths are checked with the match kind (a pattern may be longer than a keyword); the body limit bounds the rest.
const keyword = text(Msg.replyRuleKeywordsRequired).trim();

/** Why a keyword of a rule with this match kind may not be saved (null when it may). */
function keywordProblem(match: ReplyMatchKind, k: string): string | null {
  if (match !== 'regex') {
    return k.length > REPLY_KEYWORD_MAX_LENGTH
      ? fillMsg(Msg.replyRuleKeywordTooLong, { max: REPLY_KEYWORD_MAX_LENGTH })
      : null;
  }
  switch (replyPatternProblem(k)) {
    case null:
      return null;
    case 'too_long':
      return fillMsg(Msg.replyRulePatternTooLong, { max: REPLY_PATTERN_MAX_LENGTH });
    case 'invalid':
      return fillMsg(Msg.replyRulePatternInvalid, { pattern: k });
    case 'nested':
      return fillMsg(Msg.replyRulePatternNested, { pattern: k });
    case 'backref':
      return fillMsg(Msg.replyRulePatternBackref, { pattern: k });
    case 'slow':
      return fillMsg(Msg.replyRulePatternSlow, { pattern: k });
  }
}

/** POST save: a new rule (no rule_id) or a change to one. */
export const replyRuleSaveBody = z
  .object({
    rule_id: id(Msg.replyRuleNotFound).optional(),
    kind: replyRuleKind,
    match: replyMatchKind.optional().default('contains'),
    keywords: z
      .array(keyword, { error: Msg.replyRuleKeywordsRequired })
      .max(REPLY_KEYWORDS_MAX, fillMsg(Msg.replyRuleKeywordsTooMany, { max: REPLY_KEYWORDS_MAX }))
      .transform((list) => [...new Set(list.filter((k) => k !== ''))]),
    reply: text(Msg.replyRuleReplyRequired)
      .trim()
      .max(MESSAGE_MAX_LENGTH, fillMsg(Msg.replyRuleReplyTooLong, { max: MESSAGE_MAX_LENGTH }))
      .optional()
      .default(''),
    mode: replyMode,
    enabled: z.boolean({ error: Msg.replyRuleEnabledInvalid }).optional().default(true),
  })
  .superRefine((body, ctx) => {
    body.keywords.forEach((k, i) => {
      const problem = keywordProblem(body.match, k);
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['keywords', i], message: problem });
      }
    });
    if (body.kind === 'keyword' && body.keywords.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['keywords'], message: Msg.replyRuleKeywordsRequired });
    }
    if (body.kind === 'keyword' && body.reply === '') {
      ctx.addIssue({ code: 'custom', path: ['reply'], message: Msg.replyRuleReplyRequired });
    }
  });
export type ReplyRuleSaveBody = z.input<typeof replyRuleSaveBody>;

export const replyRuleIdBody = z.object({ rule_id: id(Msg.replyRuleNotFound) });
export type ReplyRuleIdBody = z.input<typeof replyRuleIdBody>;

/** The member's facts for AI replies, and the cap of automatic replies per account and hour. */
export const replySettings = z.object({
  business: z.string(),
  products: z.string(),
  hourly_cap: z.number().int(),
});
export type ReplySettings = z.infer<typeof replySettings>;

export const replySettingsBody = z.object({
  business: text()
    .trim()
    .max(REPLY_BUSINESS_MAX_LENGTH, fillMsg(Msg.replyBusinessTooLong, { max: REPLY_BUSINESS_MAX_LENGTH }))
    .optional()
    .default(''),
  products: text()
    .trim()
    .max(REPLY_PRODUCTS_MAX_LENGTH, fillMsg(Msg.replyProductsTooLong, { max: REPLY_PRODUCTS_MAX_LENGTH }))
    .optional()
    .default(''),
  hourly_cap: int(1, REPLY_HOURLY_CAP_MAX, fillMsg(Msg.replyHourlyCapInvalid, { min: 1, max: REPLY_HOURLY_CAP_MAX }))
    .optional()
    .default(REPLY_HOURLY_CAP_DEFAULT),
});
export type ReplySettingsBody = z.input<typeof replySettingsBody>;

/** approveReply: a waiting draft goes out, with the member's edit (修改) when content is given. */
export const approveReplyBody = z.object({
  message_id: id(Msg.replyDraftNotFound),
  content: text(Msg.replyRequired)
    .trim()
    .min(1, Msg.replyRequired)
    .max(MESSAGE_MAX_LENGTH, Msg.messageTooLong)
    .optional(),
});
export type ApproveReplyBody = z.input<typeof approveReplyBody>;

export const discardReplyBody = z.object({ message_id: id(Msg.replyDraftNotFound) });
export type DiscardReplyBody = z.input<typeof discardReplyBody>;

/** One account on the AI获客员工 page. */
export const aiLeadAccount = z.object({
  enterprise_account_id: z.number().int(),
  nickname: z.string(),
  platform_name: z.string(),
  /** The member's harvesting switch for the account (账号管理 → 评论私信采集). */
  harvesting: z.boolean(),
  /** When a runner last handed in a page of the account's items ('' never). */
  last_read: z.string(),
  items_today: z.number().int(),
  leads: z.number().int(),
  replies_sent: z.number().int(),
  /** The account's login expired: it must be authorized again. */
  needs_reauth: z.boolean(),
});
export type AiLeadAccount = z.infer<typeof aiLeadAccount>;

export const aiLeadOverview = z.object({ accounts: z.array(aiLeadAccount), waiting_approval: z.number().int() });
export type AiLeadOverview = z.infer<typeof aiLeadOverview>;
