import {
  type AiLeadOverview,
  type ReplyRule,
  replyRuleProblem,
  type ReplySettings,
  type replyRuleSaveBody,
  type replySettingsBody,
} from '@vidmatrix/contract/api/reply-rule';
import { Job } from '@vidmatrix/contract/jobs';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { CookieAuth } from '@vidmatrix/contract/rules/account-selectability';
import { dayNumber, dayStart } from '@vidmatrix/contract/rules/day-buckets';
import {
  autoReplyHold,
  pickReplyRule,
  REPLY_HOURLY_CAP_DEFAULT,
  REPLY_RULE_MAX_AGE_MS,
  REPLY_RULES_MAX,
  type ReplyHold,
} from '@vidmatrix/contract/rules/reply-rules';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { z } from 'zod';
import { badRequest } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { DELIVERY_ATTEMPTS } from './customer.service.ts';
import type { ReplyDrafter } from './reply-drafter.ts';
import type { ReplyRuleRepository, ReplyRuleRow } from './reply-rule.repository.ts';

const HOUR_MS = 3_600_000;

/** The account a batch of new items came in on. */
export interface RuleAccount {
  id: number;
  member_id: number;
  platform_id: number;
}

/** A new inbound harvested item, stored, that a rule may answer. */
export interface StoredInbound {
  conversationId: number;
  messageId: number;
  source: 'comment' | 'message';
  itemId: string;
  postId: string;
  postTitle: string;
  link: string;
  text: string;
  /** When the customer wrote it, ms. */
  sentAt: number;
  /** The scorer read buying intent in it (AI rules without keywords answer only these). */
  buyingIntent: boolean;
}

/** A stored rule as the matcher reads it. */
type Rule = Omit<ReplyRuleRow, 'keywords' | 'enabled'> & { keywords: string[]; enabled: boolean };

/**
 * Reply rules per member (keyword → reply, or a model-drafted AI reply), the member's facts for AI
 * replies, the limits every automatic reply keeps (research/leads.md §5, §8), and approval of drafts.
 * Replies it makes are pending outbound messages: the runner delivers them.
 */
export class ReplyRuleService {
  private readonly repo: ReplyRuleRepository;

  constructor(
    private readonly deps: {
      replyRuleRepository: ReplyRuleRepository;
      now: () => number;
      jobs: Pick<JobQueue, 'enqueue'>;
      drafter: ReplyDrafter | null;
      onDraftError?: (error: unknown) => void;
    },
  ) {
    this.repo = deps.replyRuleRepository;
  }

  /** customer.ReplyRule/list: the member's rules, in the order they are tried. */
  async list(memberId: number): Promise<ReplyRule[]> {
    return (await this.repo.listRules(memberId)).map(toReplyRule);
  }

  /** customer.ReplyRule/save: a new rule, or a change to one of the member's. */
  async save(memberId: number, body: z.output<typeof replyRuleSaveBody>): Promise<ReplyRule> {
    if (body.kind === 'ai' && !(await this.repo.settings(memberId))?.business) {
      throw badRequest(Msg.replyAiNeedsBusiness);
    }
    const now = this.deps.now();
    const values = {
      kind: body.kind,
      match: body.match,
      keywords: JSON.stringify(body.keywords),
      // An AI rule's reply is drafted each time; a stale text must not linger.
      reply: body.kind === 'keyword' ? body.reply : '',
      mode: body.mode,
      enabled: body.enabled ? 1 : 0,
      updated_at: now,
    };
    let ruleId = body.rule_id;
    if (ruleId === undefined) {
      if ((await this.repo.countRules(memberId)) >= REPLY_RULES_MAX) {
        throw badRequest(fillMsg(Msg.replyRulesTooMany, { max: REPLY_RULES_MAX }));
      }
      ruleId = await this.repo.insertRule({ ...values, member_id: memberId, created_at: now });
    } else if (!(await this.repo.updateRule(memberId, ruleId, values))) {
      throw badRequest(Msg.replyRuleNotFound);
    }
    const saved = (await this.repo.listRules(memberId)).find((r) => r.id === ruleId);
    if (!saved) {
      throw badRequest(Msg.replyRuleNotFound);
    }
    return toReplyRule(saved);
  }

  /** customer.ReplyRule/delete. */
  async remove(memberId: number, ruleId: number): Promise<void> {
    if (!(await this.repo.deleteRule(memberId, ruleId))) {
      throw badRequest(Msg.replyRuleNotFound);
    }
  }

  /** customer.ReplyRule/settings: the member's facts for AI replies and the hourly cap (defaults until saved). */
  async settings(memberId: number): Promise<ReplySettings> {
    const row = await this.repo.settings(memberId);
    return {
      business: row?.business ?? '',
      products: row?.products ?? '',
      hourly_cap: row?.hourly_cap ?? REPLY_HOURLY_CAP_DEFAULT,
    };
  }

  async saveSettings(memberId: number, body: z.output<typeof replySettingsBody>): Promise<ReplySettings> {
    await this.repo.saveSettings({ member_id: memberId, ...body, updated_at: this.deps.now() });
    return this.settings(memberId);
  }

  /**
   * Answers new inbound harvested items by the member's rules, once per item (called by the ingest
   * after its batch is committed). An automatic reply over a limit, or from an approve-first rule,
   * waits for the member with the reason; the others go out as pending messages. A comment among
   * `answeredComments` (asked only when a rule could answer: the account answered it on the platform) gets none.
   */
  async answer(
    account: RuleAccount,
    items: readonly StoredInbound[],
    answeredComments: (itemIds: string[]) => Promise<Set<string>> = () => Promise.resolve(new Set()),
  ): Promise<void> {
    const now = this.deps.now();
    const young = items.filter((i) => now - i.sentAt <= REPLY_RULE_MAX_AGE_MS);
    if (young.length === 0) {
      return;
    }
    const rules: Rule[] = (await this.repo.listRules(account.member_id))
      .filter((r) => r.enabled === 1)
      .map((r) => ({ ...r, keywords: parseKeywords(r.keywords), enabled: true }));
    if (rules.length === 0) {
      return;
    }
    const answered = await answeredComments(young.filter((i) => i.source === 'comment').map((i) => i.itemId));
    const recent = young.filter((i) => !(i.source === 'comment' && answered.has(i.itemId)));
    const settings = await this.settings(account.member_id);
    for (const item of recent) {
      const rule = pickReplyRule(rules, item.text, item.buyingIntent);
      if (!rule) {
        continue;
      }
      const content = rule.kind === 'keyword' ? rule.reply : await this.draft(settings, item);
      if (!content) {
        continue;
      }
      const hold =
        rule.mode === 'approve'
          ? Msg.replyHoldByRule
          : holdText(
              autoReplyHold({
                reply: content,
                source: item.source,
                accountRepliesLastHour: await this.repo.accountRepliesSince(account.id, now - HOUR_MS),
                hourlyCap: settings.hourly_cap,
                sentSinceCustomer: await this.repo.sentAfter(item.conversationId, item.sentAt),
              }),
            );
      const messageId = await this.repo.insertRuleReply({
        conversation_id: item.conversationId,
        member_id: account.member_id,
        direction: 'out',
        content,
        sent_at: now,
        is_read: 1,
        delivery_status: hold ? '' : 'pending',
        fail_reason: '',
        attempts: 0,
        created_at: now,
        enterprise_account_id: account.id,
        platform_id: account.platform_id,
        // The item it answers: a comment reply goes under it, a message into its chat.
        source: item.source,
        post_id: item.postId,
        post_title: item.postTitle,
        parent_id: item.itemId,
        link: item.link,
        rule_id: rule.id,
        reply_to_message_id: item.messageId,
        approval: hold ? 'waiting' : '',
        hold_reason: hold ?? '',
      });
      if (messageId !== undefined && !hold) {
        await this.queue(item.conversationId, messageId, content, now);
      }
    }
  }

  /** customer.DouyinCustomer/approveReply: 通过并发送 (with the member's edit: 修改). */
  async approve(memberId: number, messageId: number, content: string | undefined): Promise<void> {
    const draft = await this.repo.findDraft(memberId, messageId);
    const now = this.deps.now();
    const text = content ?? draft?.content ?? '';
    if (!draft || !(await this.repo.approve(memberId, messageId, text, now))) {
      throw badRequest(Msg.replyDraftNotFound);
    }
    await this.queue(draft.conversation_id, messageId, text, now);
  }

  /** customer.DouyinCustomer/discardReply: 放弃. */
  async discard(memberId: number, messageId: number): Promise<void> {
    if (!(await this.repo.discard(memberId, messageId))) {
      throw badRequest(Msg.replyDraftNotFound);
    }
  }

  /** customer.AiLead/overview: per account, what the AI获客员工 did today and whether it needs a new login. */
  async overview(memberId: number): Promise<AiLeadOverview> {
    const now = this.deps.now();
    const [figures, waiting] = await Promise.all([
      this.repo.accountFigures(memberId, dayStart(dayNumber(now))),
      this.repo.waitingCount(memberId),
    ]);
    return {
      waiting_approval: waiting,
      accounts: figures.map((f) => ({
        enterprise_account_id: f.id,
        nickname: f.nickname,
        platform_name: f.platform_name,
        harvesting: f.harvesting,
        last_read: f.last_read ? formatServerTime(f.last_read) : '',
        items_today: f.items_today,
        leads: f.leads,
        replies_sent: f.replies_sent,
        needs_reauth: f.cookie_auth_status === CookieAuth.expired,
      })),
    };
  }

  private async queue(conversationId: number, messageId: number, content: string, now: number): Promise<void> {
    await this.repo.setLastOut(conversationId, content, now);
    await this.deps.jobs.enqueue(Job.customerDeliver, { messageId }, { attempts: DELIVERY_ATTEMPTS });
  }

  /** The model's reply on the member's facts; '' without a model or facts, or when it failed. */
  private async draft(settings: ReplySettings, item: StoredInbound): Promise<string> {
    if (!this.deps.drafter || !settings.business) {
      return '';
    }
    try {
      return await this.deps.drafter.draft({
        business: settings.business,
        products: settings.products,
        source: item.source,
        text: item.text,
      });
    } catch (err) {
      this.deps.onDraftError?.(err);
      return '';
    }
  }
}

/** The Chinese reason a reply waits, or null when it may go out. */
function holdText(hold: ReplyHold | null): string | null {
  if (!hold) {
    return null;
  }
  switch (hold.kind) {
    case 'sensitive':
      return fillMsg(Msg.replyHoldSensitive, { word: hold.word });
    case 'contact':
      return Msg.replyHoldContact;
    case 'hourly_cap':
      return fillMsg(Msg.replyHoldHourlyCap, { cap: hold.cap });
    case 'before_answer':
      return fillMsg(Msg.replyHoldBeforeAnswer, { max: hold.max });
  }
}

function parseKeywords(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

function toReplyRule(row: ReplyRuleRow): ReplyRule {
  const keywords = parseKeywords(row.keywords);
  return {
    rule_id: row.id,
    kind: row.kind,
    match: row.match,
    keywords,
    reply: row.reply,
    mode: row.mode,
    enabled: row.enabled === 1,
    // A pattern saved under older checks is not run: the list says so rather than the rule going quiet.
    problem: replyRuleProblem(row.match, keywords),
    updated_at: formatServerTime(row.updated_at),
  };
}
