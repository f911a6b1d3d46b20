import { id } from '@vidmatrix/contract/api/common';
import type { EnterpriseAccount } from '@vidmatrix/contract/api/enterprise-account';
import type {
  ChatMessage,
  Lead,
  LeadListResult,
  PrivateListItem,
  ThreadResult,
  WebhookSecretResult,
  leadListQuery,
} from '@vidmatrix/contract/api/customer';
import { WEBHOOK_TOLERANCE_MS } from '@vidmatrix/contract/api/customer';
import { Code } from '@vidmatrix/contract/envelope';
import { Job } from '@vidmatrix/contract/jobs';
import { Msg } from '@vidmatrix/contract/messages';
import type { LeadContact } from '@vidmatrix/contract/rules/lead-rules';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { z } from 'zod';
import { AppError, notFound } from '../../errors.ts';
import { JOB_LEASE_MS, type JobQueue } from '../../jobs/job-queue.ts';
import { toAccount } from '../enterprise-account/account-rows.ts';
import type { EnterpriseAccountRepository } from '../enterprise-account/enterprise-account.repository.ts';
import { PermanentDeliveryError, type MessageConnector } from './connector.ts';
import type { CustomerRepository, ConversationRow, LeadFilter, LeadRow, MessageRow } from './customer.repository.ts';
import { generateWebhookSecret, signatureMatches, timestampFresh } from './webhook-signature.ts';

/** Tries of a reply before it is marked failed. */
export const DELIVERY_ATTEMPTS = 4;
/**
 * How long a delivery attempt holds its reply, ms, renewed every DELIVERY_LEASE_RENEW_MS while the
 * connector sends. A reply queued again after the queue lost its jobs waits for it, so a reply being
 * sent does not go twice; one whose sender died is taken once the lease lapses (was a fixed 5 minutes,
 * longer than any send, so a dead sender's reply waited that long). Twice the job lease: a sender
 * process stalled that long has lost its job to another worker anyway.
 */
export const DELIVERY_LEASE_MS = 2 * JOB_LEASE_MS;
/** How often a sending attempt renews its lease: three times per lease, so two missed renewals still hold it. */
export const DELIVERY_LEASE_RENEW_MS = DELIVERY_LEASE_MS / 3;

/** Runs `task` every `ms` until the returned stop is called; stop resolves once a running task ended. */
export type Repeat = (ms: number, task: () => Promise<void>) => () => Promise<void>;

/** setInterval, skipping a tick while the previous task still runs; errors are the next tick's to retry. */
export const repeatEvery: Repeat = (ms, task) => {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= task()
      .catch(() => undefined)
      .finally(() => (running = undefined));
  }, ms);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
};

/** The headers of a signed webhook call. */
export interface WebhookSignature {
  memberId: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

/**
 * Conversations, messages, replies and their delivery, leads, and the webhook's signature. Inbound
 * messages themselves come in through InboxService (the webhook's and the runners' one path).
 */
export class CustomerService {
  private readonly repo: CustomerRepository;

  constructor(
    private readonly deps: {
      customerRepository: CustomerRepository;
      /** The account module's repository: the nickname and platform shown beside each conversation. */
      enterpriseAccountRepository: Pick<EnterpriseAccountRepository, 'accountsByIds'>;
      now: () => number;
      jobs: Pick<JobQueue, 'enqueue'>;
      /** True when the conversation came from harvesting: a runner delivers its replies (issue 23). */
      isHarvested?: (conversationId: number) => Promise<boolean>;
      /** Renews a sending attempt's lease (default: a timer; tests tick it by hand). */
      repeat?: Repeat;
    },
    private readonly connector: MessageConnector,
  ) {
    this.repo = deps.customerRepository;
  }

  /** The message list: every conversation with its unread count and latest texts, newest first. */
  async privateList(memberId: number): Promise<PrivateListItem[]> {
    return this.withAccounts(memberId, await this.repo.listConversations(memberId));
  }

  /** One conversation and its messages, oldest first. */
  async thread(memberId: number, conversationId: number): Promise<ThreadResult> {
    const conversation = await this.requireConversation(memberId, conversationId);
    const [[item], messages] = await Promise.all([
      this.withAccounts(memberId, [conversation]),
      this.repo.listMessages(memberId, conversationId),
    ]);
    return { conversation: item ?? toListItem(conversation, undefined), list: messages.map(toChatMessage) };
  }

  /** Marks every inbound message of the conversation read. */
  async markRead(memberId: number, conversationId: number): Promise<void> {
    await this.requireConversation(memberId, conversationId);
    await this.repo.markRead(memberId, conversationId);
  }

  /**
   * Stores a reply as pending; in a harvested conversation a runner sends it on the account's session,
   * otherwise its delivery is queued through the account's connector.
   */
  async reply(memberId: number, conversationId: number, content: string): Promise<ChatMessage> {
    const conversation = await this.requireConversation(memberId, conversationId);
    const message = await this.repo.insertReply(memberId, conversation, content, this.deps.now());
    if (await this.deps.isHarvested?.(conversationId)) {
      return toChatMessage(message);
    }
    await this.deps.jobs.enqueue(Job.customerDeliver, { messageId: message.id }, { attempts: DELIVERY_ATTEMPTS });
    return toChatMessage(message);
  }

  /**
   * One delivery attempt of a pending reply (run as a job). Sent, or failed for good with the
   * reason shown to the member; a transient error throws so the queue retries it. The attempt holds
   * the reply under a lease of DELIVERY_LEASE_MS, renewed while it sends. A reply another attempt still
   * holds (being sent right now: the queue re-ran a job whose lock lapsed, or queued it again after
   * Redis lost the queue) is left to it, and 'held' says so: the caller looks again later.
   */
  async deliver(messageId: number): Promise<'held' | undefined> {
    const reply = await this.repo.findPendingReply(messageId);
    // A harvested conversation's reply is the runner's to send, whoever queued this job (e.g. a reply rule).
    if (!reply || (await this.deps.isHarvested?.(reply.conversation_id))) {
      return undefined;
    }
    const now = this.deps.now();
    const attempt = reply.attempts + 1;
    if (!(await this.repo.claimAttempt(messageId, reply.attempts, now + DELIVERY_LEASE_MS, now))) {
      return (await this.repo.findPendingReply(messageId)) ? 'held' : undefined;
    }
    // The lease follows the send: held while this process is alive and sending, lapsed soon after it died.
    const stopRenewing = (this.deps.repeat ?? repeatEvery)(DELIVERY_LEASE_RENEW_MS, () =>
      this.repo.renewAttempt(messageId, attempt, this.deps.now() + DELIVERY_LEASE_MS),
    );
    try {
      await this.connector.send({
        memberId: reply.member_id,
        enterpriseAccountId: reply.enterprise_account_id,
        customerId: reply.customer_id,
        content: reply.content,
      });
    } catch (err) {
      await stopRenewing();
      if (err instanceof PermanentDeliveryError) {
        await this.repo.setDelivery(messageId, 'failed', err.message);
        return undefined;
      }
      // Not sent: the retry (or, should the queue lose it, the recovery) may take the reply at once.
      // Should this write fail too, the lease lapses by itself.
      await this.repo.releaseAttempt(messageId).catch(() => undefined);
      throw err;
    }
    await stopRenewing();
    await this.repo.setDelivery(messageId, 'sent', '');
    return undefined;
  }

  /** The replies still to be sent through a connector: what a queue that lost its jobs queues again. */
  undelivered(): Promise<number[]> {
    return this.repo.undeliveredReplies();
  }

  /**
   * Marks a reply failed once the queue used up its attempts, unless it went out meanwhile: the run given
   * up on may have stalled while another run (a resumed or held job) sent it.
   */
  async deliveryGaveUp(messageId: number): Promise<void> {
    await this.repo.failPending(messageId, Msg.deliveryFailed);
  }

  /** The member's webhook secret, created on first use. */
  async secret(memberId: number): Promise<WebhookSecretResult> {
    const existing = await this.repo.findSecret(memberId);
    if (existing) {
      return { secret: existing, member_id: memberId };
    }
    return this.rotate(memberId);
  }

  /** Replaces the member's webhook secret; calls signed with the old one are refused from now on. */
  async rotate(memberId: number): Promise<WebhookSecretResult> {
    const secret = generateWebhookSecret();
    await this.repo.saveSecret(memberId, secret, this.deps.now());
    return { secret, member_id: memberId };
  }

  /**
   * Checks a webhook call against the member's secret on the raw body: a fresh timestamp, a
   * matching signature, and a signature not seen before (kept in the database, so any instance
   * refuses a replay). Returns the member id.
   */
  async verifyWebhook(headers: WebhookSignature, rawBody: Buffer): Promise<number> {
    const now = this.deps.now();
    // The contract's id bounds: a member id past the integer column must not reach SQL.
    const memberId = id().safeParse(headers.memberId).data ?? 0;
    const timestamp = headers.timestamp?.trim() ?? '';
    const signature = headers.signature?.trim() ?? '';
    const secret = memberId > 0 ? await this.repo.findSecret(memberId) : undefined;
    if (!secret || !signature || !signatureMatches(secret, timestamp, rawBody, signature)) {
      throw new AppError(Code.unauthorized, Msg.webhookSignatureInvalid);
    }
    if (!timestampFresh(timestamp, now)) {
      throw new AppError(Code.unauthorized, Msg.webhookExpired);
    }
    await this.repo.pruneSignatures(now);
    // Past the tolerance window the timestamp check alone refuses the call.
    if (!(await this.repo.recordSignature(signature, Number(timestamp) * 1000 + WEBHOOK_TOLERANCE_MS))) {
      throw new AppError(Code.unauthorized, Msg.webhookReplayed);
    }
    return memberId;
  }

  /** A page of the member's leads and their total. */
  async leads(memberId: number, query: z.output<typeof leadListQuery>): Promise<LeadListResult> {
    const filter = leadFilter(query);
    const [list, count] = await Promise.all([
      this.repo.listLeads(memberId, filter, (query.page - 1) * query.limit, query.limit),
      this.repo.countLeads(memberId, filter),
    ]);
    return { list: list.map(toLead), count };
  }

  /** Every lead matching the filters, page by page (for the xlsx export). */
  async *allLeads(memberId: number, query: z.output<typeof leadListQuery>): AsyncGenerator<Lead> {
    const filter = leadFilter(query);
    const pageSize = 500;
    for (let offset = 0; ; offset += pageSize) {
      const rows = await this.repo.listLeads(memberId, filter, offset, pageSize);
      yield* rows.map(toLead);
      if (rows.length < pageSize) {
        return;
      }
    }
  }

  /** Sets a lead's status. */
  async updateLead(memberId: number, leadId: number, status: Lead['status']): Promise<void> {
    if (!(await this.repo.updateLeadStatus(memberId, leadId, status, this.deps.now()))) {
      throw notFound();
    }
  }

  /** List items of conversations, with the nickname and platform of their accounts. */
  private async withAccounts(memberId: number, rows: ConversationRow[]): Promise<PrivateListItem[]> {
    const ids = [...new Set(rows.map((row) => row.enterprise_account_id))];
    const accounts = (await this.deps.enterpriseAccountRepository.accountsByIds(memberId, ids)).map(toAccount);
    const byId = new Map(accounts.map((account) => [account.enterprise_account_id, account]));
    return rows.map((row) => toListItem(row, byId.get(row.enterprise_account_id)));
  }

  private async requireConversation(memberId: number, conversationId: number): Promise<ConversationRow> {
    const conversation = await this.repo.findConversation(memberId, conversationId);
    if (!conversation) {
      throw notFound();
    }
    return conversation;
  }
}

function leadFilter(query: z.output<typeof leadListQuery>): LeadFilter {
  return { status: query.status, conversationId: query.conversation_id, keyword: query.keyword };
}

function toListItem(row: ConversationRow, account: EnterpriseAccount | undefined): PrivateListItem {
  return {
    conversation_id: row.id,
    enterprise_account_id: row.enterprise_account_id,
    account_nickname: account?.nickname ?? '',
    platform_name: account?.platform_name ?? '',
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    read_num: row.unread_count,
    content: row.last_in_content,
    replay_content: row.last_out_content,
    last_time: formatServerTime(row.last_time),
  };
}

function toChatMessage(row: MessageRow): ChatMessage {
  return {
    message_id: row.id,
    direction: row.direction,
    content: row.content,
    sent_at: formatServerTime(row.sent_at),
    is_read: row.is_read,
    delivery_status: row.delivery_status,
    fail_reason: row.fail_reason,
    source: row.source,
    post_title: row.post_title,
    link: row.link,
    intent: row.intent,
    approval: row.approval,
    hold_reason: row.hold_reason,
  };
}

function toLead(row: LeadRow): Lead {
  return {
    lead_id: row.id,
    kind: row.kind,
    value: row.value,
    contacts: parseContacts(row.contacts),
    intent: row.intent,
    intent_category: row.intent_category,
    platform_id: row.platform_id,
    source: row.source,
    post_id: row.post_id,
    post_title: row.post_title,
    link: row.link,
    status: row.status,
    conversation_id: row.conversation_id,
    enterprise_account_id: row.enterprise_account_id,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    source_message_id: row.source_message_id,
    source_content: row.source_content,
    first_seen: formatServerTime(row.first_seen),
  };
}

function parseContacts(json: string): LeadContact[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as LeadContact[]) : [];
  } catch {
    return [];
  }
}
