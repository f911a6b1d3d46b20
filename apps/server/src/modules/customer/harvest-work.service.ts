import {
  HARVEST_LEASE_MS,
  type HarvestAccountState,
  type HarvestAccountView,
  type HarvestClaimResult,
  type HarvestWork,
  type HarvestWrite,
  type harvestClaimBody,
  type harvestReportBody,
} from '@vidmatrix/contract/api/harvest-work';
import { Code } from '@vidmatrix/contract/envelope';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import {
  afterRiskSignal,
  afterSuccess,
  HARVEST_SCAN_INTERVAL_MS,
  nextWriteAt,
  withJitter,
  type CooldownState,
} from '@vidmatrix/contract/rules/harvest-pacing';
import { HARVEST_RISK_FAILURES, type HarvestFailure } from '@vidmatrix/contract/rules/harvest-result';
import { publishPlatformOf } from '@vidmatrix/contract/rules/publish-rules';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import type { ChatMessageTable, HarvestAccountTable } from '../../db/types.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { DomainEventEmitter } from '../../lib/events.ts';
import type { RealtimePublisher } from '../../realtime/hub.ts';
import type { RunnerIdentity } from '../publish/runner-registry.service.ts';
import type { HarvestWorkRepository } from './harvest-work.repository.ts';

const DAY_MS = 86_400_000;
/** Pending replies a claim looks through per account for one whose write is due. */
const PENDING_SCAN = 20;
/** cookie_auth_status of an authorized account. */
const AUTHORIZED = 1;

/** A reply's client id, shaped as the sites' own (a UUID): the same reply always carries the same one. */
export function clientIdOf(messageId: number): string {
  return `00000000-0000-4000-8000-${messageId.toString(16).padStart(12, '0')}`;
}

/** Member words for a reply the platform did not take. */
const WRITE_FAILURE_TEXT: Record<HarvestFailure, string> = {
  logged_out: Msg.replyFailedLoggedOut,
  rate_limited: Msg.replyFailedRateLimited,
  verification: Msg.replyFailedVerification,
  refused: Msg.replyFailedRefused,
  unavailable: Msg.replyFailedUnavailable,
  failed: Msg.replyFailedOther,
};

export interface HarvestWorkDeps {
  harvestWorkRepository: HarvestWorkRepository;
  now: () => number;
  /** Tells the modules that react when a pass found the account logged out (`account.logged_out`). */
  events?: DomainEventEmitter;
  /** Tells the member's open consoles that an account's harvesting paused (harvest_paused). */
  realtime?: Pick<RealtimePublisher, 'publish'>;
  random?: () => number;
  /** Between two passes over one account, ms before jitter (default HARVEST_SCAN_INTERVAL_MS). */
  scanIntervalMs?: number;
}

/**
 * Harvest work (issue 23): the member's switch per account, and runners' passes over accounts claimed
 * like publishing jobs: one lease per account, never beside a leased publish job, due by the pacing of
 * contract/rules/harvest-pacing (reads every scan interval with jitter, writes by their gaps and caps,
 * the cool-down ladder after a risk signal). A pass carries at most the one reply whose write is due;
 * an ambiguous write is confirmed by a later read, never resent; one whose runner vanished before its
 * report is handed to the next pass, which looks for it on the platform before sending it.
 */
export class HarvestWorkService {
  private readonly repo: HarvestWorkRepository;
  private readonly random: () => number;

  constructor(private readonly deps: HarvestWorkDeps) {
    this.repo = deps.harvestWorkRepository;
    this.random = deps.random ?? Math.random;
  }

  /** customer.Harvest/accounts: every account of the member with its switch and state. */
  async accounts(memberId: number): Promise<HarvestAccountView[]> {
    const now = this.deps.now();
    const rows = await this.repo.memberAccounts(memberId);
    return rows.map((row) => {
      const enabled = row.enabled === 1;
      const pausedUntil = Number(row.cooldown_until ?? 0);
      const state: HarvestAccountState = !enabled
        ? 'off'
        : row.cookie_auth_status !== AUTHORIZED
          ? 'expired'
          : pausedUntil > now
            ? 'paused'
            : 'on';
      return {
        enterprise_account_id: row.id,
        nickname: row.nickname,
        platform_name: row.platform_name ?? '',
        enabled,
        state,
        notice: state === 'expired' ? Msg.harvestStoppedExpired : enabled ? (row.notice ?? '') : '',
        last_read_at: row.last_read_at ? formatServerTime(Number(row.last_read_at)) : '',
        paused_until: state === 'paused' ? formatServerTime(pausedUntil) : '',
      };
    });
  }

  /** customer.Harvest/setEnabled: only the member's own accounts (any other refuses the whole call). */
  async setEnabled(memberId: number, ids: readonly number[], enabled: boolean): Promise<void> {
    const unique = [...new Set(ids)];
    const owned = await this.repo.ownedAccounts(memberId, unique);
    if (owned.length !== unique.length) {
      throw badRequest(Msg.accountNotOwned);
    }
    await this.repo.setEnabled(memberId, unique, enabled, this.deps.now());
  }

  /** True when a reply in this conversation goes out through a runner (it came from harvesting). */
  isHarvested(conversationId: number): Promise<boolean> {
    return this.repo.isHarvested(conversationId);
  }

  /** runner.Runner/harvestClaim: due passes of the runner's member (or members a server runner serves). */
  async claim(runner: RunnerIdentity, body: z.output<typeof harvestClaimBody>): Promise<HarvestClaimResult> {
    const now = this.deps.now();
    const due = await this.repo.dueAccounts(
      runner.member_id,
      now,
      body.accounts,
      body.busy_accounts,
      body.slots * 2 + 8,
    );
    const out: HarvestWork[] = [];
    for (const account of due) {
      if (out.length >= body.slots) {
        break;
      }
      const id = account.enterprise_account_id;
      const platform = publishPlatformOf(account.platform_id);
      if (!platform) {
        continue;
      }
      const read = Number(account.next_read_at) <= now;
      const write = await this.dueWrite(id, now, Number(account.cooldown_until));
      if (!read && !write) {
        continue;
      }
      const nextRead = read
        ? now + withJitter(this.deps.scanIntervalMs ?? HARVEST_SCAN_INTERVAL_MS, this.random)
        : undefined;
      // One statement against publish claims too (takeLease): a publish job of the account keeps it.
      if (!(await this.repo.takeLease(id, runner.id, now, now + HARVEST_LEASE_MS, nextRead))) {
        continue;
      }
      const taken = write ? await this.repo.takeWrite(write.message_id, write.kind, now, write.takenAt) : false;
      const writes = taken && write ? [write.work] : [];
      if (!read && writes.length === 0) {
        await this.repo.endLease(id, runner.id, { updated_at: now });
        continue;
      }
      const newest = await this.repo.newestItems(id);
      out.push({
        account_id: id,
        platform,
        ip_code: account.ip_code,
        read,
        since: { comment: Math.floor(newest.comment / 1000), message: Math.floor(newest.message / 1000) },
        writes,
      });
    }
    // The runner sleeps until the next read is due (its poll interval at most) rather than a whole poll past it.
    const nextAt = await this.repo.nextReadAt(runner.member_id, now, body.accounts, body.busy_accounts);
    return { work: out, next_in_ms: nextAt === null ? 0 : Math.max(0, nextAt - now) };
  }

  /**
   * The oldest pending reply of the account whose write the pacing allows now (replies without a target
   * fail). A stranded one (its pass's runner vanished) is handed out again to be confirmed before it is
   * sent; its own first take does not count against it in the pacing.
   */
  private async dueWrite(
    accountId: number,
    now: number,
    pausedUntil: number,
  ): Promise<{ work: HarvestWrite; kind: HarvestWrite['kind']; message_id: number; takenAt: number } | undefined> {
    const pending = await this.repo.pendingWrites(accountId, PENDING_SCAN);
    if (pending.length === 0) {
      return undefined;
    }
    const allPast = await this.repo.pastWrites(accountId, now - DAY_MS);
    for (const reply of pending) {
      const takenAt = Number(reply.write_at);
      const past = takenAt > 0 ? allPast.filter((w) => w.id !== reply.id) : allPast;
      const target = await this.repo.target(reply.conversation_id, reply.reply_to_message_id);
      if (!target) {
        await this.repo.setOutcome(reply.id, { delivery_status: 'failed', fail_reason: Msg.replyNoTarget });
        continue;
      }
      const kind = target.source === 'comment' ? 'comment_reply' : 'message';
      if (nextWriteAt(kind, past, now, pausedUntil) > now) {
        continue;
      }
      const work: HarvestWrite = {
        message_id: reply.id,
        kind,
        text: reply.content,
        client_id: clientIdOf(reply.id),
        confirm_since: Math.floor(takenAt / 1000),
        target: {
          source: target.source === 'comment' ? 'comment' : 'message',
          item_id: target.item_id,
          post_id: target.post_id,
          post_title: target.post_title,
          parent_id: target.parent_id,
          root_id: target.root_id,
          author_id: target.customer_id,
          author_name: target.customer_name,
          from_self: false,
          text: target.content,
          created_at: Math.floor(Number(target.sent_at) / 1000),
          link: target.link,
        },
      };
      return { work, kind, message_id: reply.id, takenAt };
    }
    return undefined;
  }

  /**
   * runner.Runner/harvestReport: how the pass ended. Each reply it carried turns sent (with the platform's
   * id of it), failed with the platform's reason in member words, or stays pending when ambiguous (a read
   * confirms it later); a risk signal pauses the account on the cool-down ladder and says so to the member;
   * logged_out stops the pass and tells the others (`account.logged_out`: the account is marked expired). Frees
   * the account.
   */
  async report(runner: RunnerIdentity, body: z.output<typeof harvestReportBody>): Promise<HarvestAccountState> {
    const now = this.deps.now();
    const account = await this.repo.account(body.account_id);
    if (!account || account.lease_owner !== runner.id || Number(account.lease_until ?? 0) < now) {
      throw new AppError(Code.forbidden, Msg.runnerLeaseLost);
    }
    const ids = body.writes.map((w) => w.message_id);
    const taken = new Set(
      ids.length > 0 ? (await this.repo.takenWrites(account.enterprise_account_id, ids)).map((r) => r.id) : [],
    );
    const failures: HarvestFailure[] = body.outcome === 'ok' ? [] : [body.outcome];
    for (const write of body.writes) {
      if (!taken.has(write.message_id)) {
        continue;
      }
      if (write.outcome === 'sent') {
        await this.markSent(write.message_id, account.platform_id, account.enterprise_account_id, write.item);
      } else if (write.outcome === 'not_sent') {
        // The runner never tried it (the pass stopped before): it may be taken again.
        await this.repo.setOutcome(write.message_id, { write_at: 0, write_kind: '' });
      } else if (write.outcome === 'ambiguous') {
        await this.repo.setOutcome(write.message_id, { fail_reason: Msg.replyUnconfirmed });
      } else {
        failures.push(write.outcome);
        const said = write.platform_text.trim();
        await this.repo.setOutcome(write.message_id, {
          delivery_status: 'failed',
          fail_reason: fillMsg(WRITE_FAILURE_TEXT[write.outcome], { reason: said ? `（${said}）` : '' }),
        });
      }
    }
    const loggedOut = failures.includes('logged_out');
    const risk = failures.find((f) => HARVEST_RISK_FAILURES.includes(f));
    const ladder: CooldownState = {
      level: account.cooldown_level,
      until: Number(account.cooldown_until),
      successes: account.cooldown_successes,
    };
    const cooled = risk ? afterRiskSignal(ladder, now) : failures.length === 0 ? afterSuccess(ladder) : ladder;
    const until = formatServerTime(cooled.until);
    const notice = loggedOut
      ? Msg.harvestStoppedExpired
      : risk === 'rate_limited'
        ? fillMsg(Msg.harvestPausedRateLimited, { until })
        : risk === 'verification'
          ? fillMsg(Msg.harvestPausedVerification, { until })
          : body.outcome === 'failed'
            ? fillMsg(Msg.harvestReadFailed, { reason: body.platform_text.trim() || Msg.replyFailedOther })
            : '';
    const patch: Updateable<HarvestAccountTable> = {
      cooldown_level: cooled.level,
      cooldown_until: cooled.until,
      cooldown_successes: cooled.successes,
      notice,
      updated_at: now,
      ...(body.read && body.outcome === 'ok' ? { last_read_at: now } : {}),
    };
    if (!(await this.repo.endLease(account.enterprise_account_id, runner.id, patch))) {
      throw new AppError(Code.forbidden, Msg.runnerLeaseLost);
    }
    if (loggedOut) {
      const loggedOut = { memberId: account.member_id, accountId: account.enterprise_account_id };
      await this.deps.events?.emit('account.logged_out', { ...loggedOut, foundBy: 'harvest' });
      return 'expired';
    }
    if (risk) {
      this.deps.realtime?.publish(account.member_id, {
        type: 'harvest_paused',
        data: { enterprise_account_id: account.enterprise_account_id, nickname: account.nickname, notice },
      });
      return 'paused';
    }
    return 'on';
  }

  /** A reply went out: sent, keyed by the platform's id of it when known (a later read of it is then a duplicate). */
  private async markSent(
    messageId: number,
    platformId: number,
    accountId: number,
    item: z.output<typeof harvestReportBody>['writes'][number]['item'],
  ): Promise<void> {
    const sent: Updateable<ChatMessageTable> = { delivery_status: 'sent', fail_reason: '' };
    if (!item) {
      await this.repo.setOutcome(messageId, sent);
      return;
    }
    try {
      await this.repo.setOutcome(messageId, {
        ...sent,
        platform_id: platformId,
        enterprise_account_id: accountId,
        source: item.source,
        item_id: item.item_id,
        post_id: item.post_id,
        post_title: item.post_title,
        parent_id: item.parent_id,
        root_id: item.root_id ?? '',
        link: item.link,
      });
    } catch (error) {
      // A read stored the reply as its own row first: this one is still sent, without the key.
      if (!isUniqueViolation(error)) {
        throw error;
      }
      await this.repo.setOutcome(messageId, sent);
    }
  }
}
