/**
 * Which reply rule answers a harvested comment or message, and whether an automatic reply may go out
 * on its own or must wait for the member (issue 23; research/leads.md §5, §6, §8). Pure, so the server,
 * the console and tests agree.
 */
import { extractLeadContacts } from './lead-rules.ts';
import { REPLY_PATTERN_TEXT_MAX, replyPatternRegExp } from './reply-pattern.ts';
import { WRITES_MAX_PER_DAY, WRITES_MAX_PER_HOUR } from './harvest-pacing.ts';

export const REPLY_RULE_KINDS = ['keyword', 'ai'] as const;
export type ReplyRuleKind = (typeof REPLY_RULE_KINDS)[number];
/** YYDS's match kinds (research §6); a rule's keywords are any-of (one matching is enough). */
export const REPLY_MATCH_KINDS = ['contains', 'exact', 'starts_with', 'ends_with', 'regex'] as const;
export type ReplyMatchKind = (typeof REPLY_MATCH_KINDS)[number];
export const REPLY_MODES = ['auto', 'approve'] as const;
export type ReplyMode = (typeof REPLY_MODES)[number];

/** Default per-account cap of automatic replies in any hour: CreatorHub's combined write cap (research §8). */
export const REPLY_HOURLY_CAP_DEFAULT = WRITES_MAX_PER_HOUR;
/** Highest cap a member may set: above the daily write cap the runner's pacing would hold them anyway. */
export const REPLY_HOURLY_CAP_MAX = WRITES_MAX_PER_DAY;
/** Messages an account may send in a private chat before the customer answers (Bilibili 21047, research §5). */
export const MESSAGES_BEFORE_ANSWER_MAX = 1;
/** Items older than this get no rule reply: a first read of an account's backlog must not answer last month's comments (research §8 baseline). */
export const REPLY_RULE_MAX_AGE_MS = 24 * 3_600_000;
/** Keywords per rule. */
export const REPLY_KEYWORDS_MAX = 20;
/** Longest keyword, characters. */
export const REPLY_KEYWORD_MAX_LENGTH = 30;
/** Rules per member. */
export const REPLY_RULES_MAX = 100;
/** Longest business description, characters. */
export const REPLY_BUSINESS_MAX_LENGTH = 1000;
/** Longest product facts, characters. */
export const REPLY_PRODUCTS_MAX_LENGTH = 2000;

/**
 * Words platforms refuse or flag in a reply: Bilibili answers 12016 for sensitive content and warns on
 * 支付宝 (research §5): money-transfer words and moving the buyer off the platform. Contacts are checked apart.
 */
export const SENSITIVE_REPLY_WORDS: readonly string[] = [
  '支付宝',
  '转账',
  '汇款',
  '红包',
  '私下交易',
  '加微信',
  '加我微信',
  '二维码',
];

/** A rule as the matcher sees it. */
export interface MatchableRule {
  id: number;
  kind: ReplyRuleKind;
  match: ReplyMatchKind;
  keywords: readonly string[];
  enabled: boolean;
}

/** Text compared case- and width-insensitively, with spaces dropped (so 多 少 钱 still matches 多少钱). */
function comparable(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/**
 * Whether one keyword matches the text under the match kind. A regex keyword is a pattern run on the
 * same folded text (width, case, no spaces), its first REPLY_PATTERN_TEXT_MAX characters, with no time
 * bound: what may be saved is bounded by construction (reply-pattern.ts); one that may not be saved
 * (it does not compile, or was saved under older checks) matches nothing.
 */
export function keywordMatches(match: ReplyMatchKind, keyword: string, text: string): boolean {
  const t = comparable(text);
  if (match === 'regex') {
    const re = keyword ? replyPatternRegExp(keyword) : null;
    return re !== null && re.test(t.slice(0, REPLY_PATTERN_TEXT_MAX));
  }
  const k = comparable(keyword);
  if (!k) {
    return false;
  }
  // Exact and ends-with ignore the trailing punctuation people add: 多少钱？ is 多少钱.
  const bare = () => t.replace(/[?？!！。.~～]+$/u, '');
  switch (match) {
    case 'contains':
      return t.includes(k);
    case 'exact':
      return bare() === k;
    case 'starts_with':
      return t.startsWith(k);
    case 'ends_with':
      return bare().endsWith(k);
  }
}

/**
 * The rule that answers `text`: the first enabled keyword rule with a matching keyword (in the order
 * given), else the first enabled AI rule whose keywords match or that has none, when the item shows
 * buying intent (a model draft for every 好看 would only be noise).
 */
export function pickReplyRule<R extends MatchableRule>(
  rules: readonly R[],
  text: string,
  buyingIntent: boolean,
): R | undefined {
  const enabled = rules.filter((r) => r.enabled);
  const matches = (r: R) => r.keywords.some((k) => keywordMatches(r.match, k, text));
  const keyword = enabled.find((r) => r.kind === 'keyword' && matches(r));
  if (keyword) {
    return keyword;
  }
  return enabled.find((r) => r.kind === 'ai' && (r.keywords.length > 0 ? matches(r) : buyingIntent));
}

/** Why an automatic reply may not go out alone. */
export type ReplyHold =
  | { kind: 'sensitive'; word: string }
  | { kind: 'contact' }
  | { kind: 'hourly_cap'; cap: number }
  | { kind: 'before_answer'; max: number };

/** The first sensitive word in a reply, or a contact in it (platforms block replies that carry contacts). */
export function replyContentHold(reply: string): ReplyHold | null {
  const plain = comparable(reply);
  const word = SENSITIVE_REPLY_WORDS.find((w) => plain.includes(comparable(w)));
  if (word) {
    return { kind: 'sensitive', word };
  }
  return extractLeadContacts(reply).contacts.length > 0 ? { kind: 'contact' } : null;
}

/** What the server counted before an automatic reply. */
export interface AutoReplyContext {
  reply: string;
  source: 'comment' | 'message';
  /** Replies (pending or sent) the account made in the last hour. */
  accountRepliesLastHour: number;
  hourlyCap: number;
  /** For a private message: messages sent in the conversation since the customer's latest message. */
  sentSinceCustomer: number;
}

/** Null when the reply may go out on its own; else the first limit it is over. */
export function autoReplyHold(ctx: AutoReplyContext): ReplyHold | null {
  const content = replyContentHold(ctx.reply);
  if (content) {
    return content;
  }
  if (ctx.accountRepliesLastHour >= ctx.hourlyCap) {
    return { kind: 'hourly_cap', cap: ctx.hourlyCap };
  }
  if (ctx.source === 'message' && ctx.sentSinceCustomer >= MESSAGES_BEFORE_ANSWER_MAX) {
    return { kind: 'before_answer', max: MESSAGES_BEFORE_ANSWER_MAX };
  }
  return null;
}
