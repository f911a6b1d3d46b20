import { LEASED_STATES } from '@vidmatrix/contract/rules/publish-state';
import type { HarvestWriteKind } from '@vidmatrix/contract/rules/harvest-pacing';
import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type ExpressionWrapper,
  type Insertable,
  type SqlBool,
  type UpdateObject,
  type Updateable,
} from 'kysely';
import type { ChatMessageTable, Database, Db, HarvestAccountTable } from '../../db/types.ts';
import { serverRunnerMembers } from '../publish/server-runner.repository.ts';

/** The message columns a reply's target is rebuilt from (a HarvestItem as it was read). */
const TARGET_COLUMNS = [
  'm.id',
  'm.conversation_id',
  'm.source',
  'm.item_id',
  'm.post_id',
  'm.post_title',
  'm.parent_id',
  'm.root_id',
  'm.link',
  'm.content',
  'm.sent_at',
  'c.customer_id',
  'c.customer_name',
] as const;

/**
 * How long a publish claim's fence keeps harvest passes off an account, ms: past the claim's commit, after
 * which the leased job itself (visible to every statement by then) keeps them off.
 */
export const PUBLISH_CLAIM_FENCE_MS = 60_000;

/**
 * True when the conversation `conversationId` names holds a harvested inbound item: its replies go out
 * through a runner, not the connector. The one spelling of that test (reply recovery, the runner's pending
 * writes and the reply path read it).
 */
export function harvestedConversation(conversationId: Expression<number>): ExpressionWrapper<Database, never, SqlBool> {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    eb
      .selectFrom('chat_message as harvested')
      .select('harvested.id')
      .where('harvested.conversation_id', '=', conversationId)
      .where('harvested.direction', '=', 'in')
      .where('harvested.item_id', '<>', ''),
  );
}

/** Harvest switches, pass leases and reply deliveries (issue 23): the only SQL of harvest work. */
export class HarvestWorkRepository {
  constructor(private readonly db: Db) {}

  /** The member's accounts with their harvest row (null columns: never switched on). */
  memberAccounts(memberId: number) {
    return this.db
      .selectFrom('enterprise_account as a')
      .leftJoin('harvest_account as h', 'h.enterprise_account_id', 'a.id')
      .leftJoin('platform as p', 'p.id', 'a.platform_id')
      .select([
        'p.name as platform_name',
        'a.id',
        'a.nickname',
        'a.platform_id',
        'a.cookie_auth_status',
        'h.enabled',
        'h.cooldown_until',
        'h.last_read_at',
        'h.notice',
      ])
      .where('a.member_id', '=', memberId)
      .orderBy('a.id')
      .execute();
  }

  /** Of `ids`, those the member owns. */
  async ownedAccounts(memberId: number, ids: readonly number[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('enterprise_account')
      .select('id')
      .where('member_id', '=', memberId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Creates or switches harvest rows; switching on makes a pass due now and clears the notice, and
   * switching on from off starts the account's history there (what was written before is history).
   */
  async setEnabled(memberId: number, ids: readonly number[], enabled: boolean, now: number): Promise<void> {
    for (const id of ids) {
      const row: Insertable<HarvestAccountTable> = {
        enterprise_account_id: id,
        member_id: memberId,
        enabled: enabled ? 1 : 0,
        history_before: enabled ? now : 0,
        updated_at: now,
      };
      const patch: UpdateObject<Database, 'harvest_account'> = enabled
        ? {
            enabled: 1,
            next_read_at: 0,
            notice: '',
            updated_at: now,
            history_before: sql<number>`case when harvest_account.enabled = 0 then ${now} else harvest_account.history_before end`,
          }
        : { enabled: 0, updated_at: now };
      await this.db
        .insertInto('harvest_account')
        .values(row)
        .onConflict((oc) => oc.column('enterprise_account_id').doUpdateSet(patch))
        .execute();
    }
  }

  /**
   * Accounts whose pass a runner could take now, longest due first: harvesting on, authorized, no live
   * lease, not cooling down, no publish job leased on it, and a read due or a reply waiting to go.
   */
  dueAccounts(
    memberId: number | null,
    now: number,
    accounts: readonly number[],
    busy: readonly number[],
    limit: number,
  ) {
    let query = this.db
      .selectFrom('harvest_account as h')
      .innerJoin('enterprise_account as a', 'a.id', 'h.enterprise_account_id')
      .select([
        'h.enterprise_account_id',
        'h.member_id',
        'h.next_read_at',
        'h.cooldown_until',
        'a.platform_id',
        'a.ip_code',
      ])
      .where('h.enabled', '=', 1)
      .where('a.cookie_auth_status', '=', 1)
      .where((eb) => eb.or([eb('h.lease_until', 'is', null), eb('h.lease_until', '<', now)]))
      .where('h.cooldown_until', '<=', now)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('publish_job as j')
              .select('j.id')
              .whereRef('j.enterprise_account_id', '=', 'h.enterprise_account_id')
              .where('j.state', 'in', LEASED_STATES)
              .where('j.lease_owner', 'is not', null),
          ),
        ),
      )
      .where((eb) =>
        eb.or([
          eb('h.next_read_at', '<=', now),
          eb.exists(
            eb
              .selectFrom('chat_message as m')
              .innerJoin('conversation as c', 'c.id', 'm.conversation_id')
              .select('m.id')
              .whereRef('c.enterprise_account_id', '=', 'h.enterprise_account_id')
              .where('m.delivery_status', '=', 'pending')
              .where('m.direction', '=', 'out')
              // Not yet taken, or taken by a pass that never reported (its runner vanished).
              .where((w) => w.or([w('m.write_at', '=', 0), w('m.fail_reason', '=', '')])),
          ),
        ]),
      );
    query =
      memberId === null
        ? query.where('h.member_id', 'in', serverRunnerMembers(this.db))
        : query.where('h.member_id', '=', memberId);
    if (accounts.length > 0) {
      query = query.where('h.enterprise_account_id', 'in', accounts);
    }
    if (busy.length > 0) {
      query = query.where('h.enterprise_account_id', 'not in', busy);
    }
    return query.orderBy('h.next_read_at').orderBy('h.enterprise_account_id').limit(limit).execute();
  }

  /** When the soonest read of the claimer's accounts (on, authorized, not leased) falls due, epoch ms; null: none. */
  async nextReadAt(memberId: number | null, now: number, accounts: readonly number[], busy: readonly number[]) {
    let query = this.db
      .selectFrom('harvest_account as h')
      .innerJoin('enterprise_account as a', 'a.id', 'h.enterprise_account_id')
      .select(
        sql<
          number | string | null
        >`min(case when h.next_read_at > h.cooldown_until then h.next_read_at else h.cooldown_until end)`.as('due'),
      )
      .where('h.enabled', '=', 1)
      .where('a.cookie_auth_status', '=', 1)
      .where((eb) => eb.or([eb('h.lease_until', 'is', null), eb('h.lease_until', '<', now)]));
    query =
      memberId === null
        ? query.where('h.member_id', 'in', serverRunnerMembers(this.db))
        : query.where('h.member_id', '=', memberId);
    if (accounts.length > 0) {
      query = query.where('h.enterprise_account_id', 'in', accounts);
    }
    if (busy.length > 0) {
      query = query.where('h.enterprise_account_id', 'not in', busy);
    }
    const due = (await query.executeTakeFirst())?.due;
    return due === null || due === undefined ? null : Number(due);
  }

  /**
   * Takes the account's pass for `runnerId` in one compare-and-set: no live lease, no publish claim's fence
   * (both on this row, so a concurrent publish claim waits for it or it for the claim), no leased publish
   * job (one claimed before the fence ran out). False when lost.
   */
  async takeLease(accountId: number, runnerId: number, now: number, until: number, nextReadAt?: number) {
    const result = await this.db
      .updateTable('harvest_account as h')
      .set({
        lease_owner: runnerId,
        lease_until: until,
        updated_at: now,
        ...(nextReadAt !== undefined ? { next_read_at: nextReadAt } : {}),
      })
      .where('h.enterprise_account_id', '=', accountId)
      .where((eb) => eb.or([eb('h.lease_until', 'is', null), eb('h.lease_until', '<', now)]))
      .where('h.publish_fence_until', '<=', now)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('publish_job as j')
              .select('j.id')
              .where('j.enterprise_account_id', '=', accountId)
              .where('j.state', 'in', LEASED_STATES)
              .where('j.lease_owner', 'is not', null),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * A publish claim's side of the exclusivity, run in its transaction before it leases jobs: fences the
   * accounts' harvest rows whose pass is not leased, and answers the accounts a harvest pass holds (which
   * the claim then leaves). On PostgreSQL the update waits for a harvest claim writing the same row and
   * reads its outcome; on SQLite writers take turns anyway.
   */
  async fenceForPublish(accountIds: readonly number[], now: number): Promise<Set<number>> {
    if (accountIds.length === 0) {
      return new Set();
    }
    const live = (eb: ExpressionBuilder<Database, 'harvest_account'>) =>
      eb.and([eb('lease_until', 'is not', null), eb('lease_until', '>=', now)]);
    const rows = await this.db
      .updateTable('harvest_account')
      .set((eb) => ({
        publish_fence_until: eb
          .case()
          .when(live(eb))
          .then(eb.ref('publish_fence_until'))
          .else(now + PUBLISH_CLAIM_FENCE_MS)
          .end(),
      }))
      .where('enterprise_account_id', 'in', accountIds)
      .returning(['enterprise_account_id', 'lease_until'])
      .execute();
    return new Set(
      rows.filter((r) => r.lease_until !== null && Number(r.lease_until) >= now).map((r) => r.enterprise_account_id),
    );
  }

  /** Ends `runnerId`'s lease with the pass's outcome; false when it no longer held it. */
  async endLease(accountId: number, runnerId: number, patch: Updateable<HarvestAccountTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('harvest_account')
      .set({ ...patch, lease_owner: null, lease_until: null })
      .where('enterprise_account_id', '=', accountId)
      .where('lease_owner', '=', runnerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The account's harvest row with its member and authorization. */
  account(accountId: number) {
    return this.db
      .selectFrom('harvest_account as h')
      .innerJoin('enterprise_account as a', 'a.id', 'h.enterprise_account_id')
      .selectAll('h')
      .select(['a.cookie_auth_status', 'a.platform_id', 'a.nickname'])
      .where('h.enterprise_account_id', '=', accountId)
      .executeTakeFirst();
  }

  /**
   * Replies waiting to go out on the account, oldest first, in conversations that came from harvesting:
   * not yet taken (write_at 0), or taken by a pass whose runner vanished before reporting (write_at set,
   * no outcome: a report always leaves sent, failed, ambiguous with its reason, or write_at 0). Called
   * only while no live lease holds the account, so no running pass still owns such a reply.
   */
  pendingWrites(accountId: number, limit: number) {
    return this.db
      .selectFrom('chat_message as m')
      .innerJoin('conversation as c', 'c.id', 'm.conversation_id')
      .select(['m.id', 'm.conversation_id', 'm.content', 'm.reply_to_message_id', 'm.write_at'])
      .where('c.enterprise_account_id', '=', accountId)
      .where('m.direction', '=', 'out')
      .where('m.delivery_status', '=', 'pending')
      .where((eb) => eb.or([eb('m.write_at', '=', 0), eb('m.fail_reason', '=', '')]))
      .where(harvestedConversation(sql.ref<number>('m.conversation_id')))
      .orderBy('m.id')
      .limit(limit)
      .execute();
  }

  /** The harvested item a reply answers: `replyToId` when it is one of the conversation's, else its newest. */
  target(conversationId: number, replyToId: number) {
    let query = this.db
      .selectFrom('chat_message as m')
      .innerJoin('conversation as c', 'c.id', 'm.conversation_id')
      .select(TARGET_COLUMNS)
      .where('m.conversation_id', '=', conversationId)
      .where('m.direction', '=', 'in')
      .where('m.item_id', '<>', '');
    if (replyToId > 0) {
      query = query.where('m.id', '=', replyToId);
    }
    return query.orderBy('m.sent_at', 'desc').orderBy('m.id', 'desc').limit(1).executeTakeFirst();
  }

  /** The account's writes taken since `since` (epoch ms), as the pacing reads them. */
  async pastWrites(accountId: number, since: number): Promise<{ id: number; kind: HarvestWriteKind; at: number }[]> {
    const rows = await this.db
      .selectFrom('chat_message as m')
      .innerJoin('conversation as c', 'c.id', 'm.conversation_id')
      .select(['m.id', 'm.write_at', 'm.write_kind'])
      .where('c.enterprise_account_id', '=', accountId)
      .where('m.write_at', '>', since)
      .execute();
    return rows.flatMap((r) => (r.write_kind ? [{ id: r.id, kind: r.write_kind, at: Number(r.write_at) }] : []));
  }

  /**
   * Takes a pending reply for sending (compare-and-set on write_at: `takenAt` is 0 for a fresh reply, the
   * vanished pass's take for a stranded one); false when another claim took it first.
   */
  async takeWrite(messageId: number, kind: HarvestWriteKind, now: number, takenAt = 0): Promise<boolean> {
    let query = this.db
      .updateTable('chat_message')
      .set((eb) => ({ write_at: now, write_kind: kind, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', messageId)
      .where('delivery_status', '=', 'pending')
      .where('write_at', '=', takenAt);
    if (takenAt > 0) {
      // Stranded only while no report gave it an outcome (an ambiguous one carries its reason).
      query = query.where('fail_reason', '=', '');
    }
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The account's replies among `ids` that a runner took and that still wait for their outcome. */
  takenWrites(accountId: number, ids: readonly number[]) {
    return this.db
      .selectFrom('chat_message as m')
      .innerJoin('conversation as c', 'c.id', 'm.conversation_id')
      .select(['m.id', 'm.conversation_id', 'm.write_kind'])
      .where('c.enterprise_account_id', '=', accountId)
      .where('m.id', 'in', ids)
      .where('m.write_at', '>', 0)
      .where('m.delivery_status', '=', 'pending')
      .execute();
  }

  /** Sets a reply's outcome (with the platform's key of it when it was sent and read back). */
  async setOutcome(messageId: number, patch: Updateable<ChatMessageTable>): Promise<void> {
    await this.db.updateTable('chat_message').set(patch).where('id', '=', messageId).execute();
  }

  /** The newest harvested item's time per source on the account, epoch ms (0 when none). */
  async newestItems(accountId: number): Promise<{ comment: number; message: number }> {
    const rows = await this.db
      .selectFrom('chat_message')
      .select(['source', (eb) => eb.fn.max('sent_at').as('newest')])
      .where('enterprise_account_id', '=', accountId)
      .where('item_id', '<>', '')
      .groupBy('source')
      .execute();
    const of = (source: string) => Number(rows.find((r) => r.source === source)?.newest ?? 0);
    return { comment: of('comment'), message: of('message') };
  }

  /** True when the conversation holds a harvested inbound item (its replies go out through a runner). */
  async isHarvested(conversationId: number): Promise<boolean> {
    const row = await this.db
      .selectNoFrom(harvestedConversation(sql.val(conversationId)).as('harvested'))
      .executeTakeFirstOrThrow();
    // SQLite answers 1 or 0, PostgreSQL true or false.
    return Number(row.harvested) === 1;
  }
}
