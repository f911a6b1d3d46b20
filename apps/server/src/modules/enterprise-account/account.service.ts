import type {
  accountAddBody,
  accountEditBody,
  accountListQuery,
  selectorAccountQuery,
} from '@vidmatrix/contract/api/enterprise-account';
import type { AccountList, EnterpriseAccount } from '@vidmatrix/contract/api/enterprise-account';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { canSetProxy } from '@vidmatrix/contract/rules/features';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest } from '../../errors.ts';
import { featureFlagsOf, type FeatureFlagStore } from '../member/feature-flags.ts';
import { requireAccounts, requireGroup, toAccount, toFilter } from './account-rows.ts';
import type { Transaction } from '../../repositories.ts';
import type { AccountGroupRepository } from './account-group.repository.ts';
import type { EnterpriseAccountRepository } from './enterprise-account.repository.ts';

type AccountStore = Pick<
  EnterpriseAccountRepository,
  'children' | 'listFlat' | 'listParents' | 'moveAccounts' | 'ownedAccounts' | 'updateAccount'
>;

/** Enterprise accounts: lists, add within the level's quota, edit, delete, move between groups. */
export class AccountService {
  private readonly repo: AccountStore;

  constructor(
    private readonly deps: {
      enterpriseAccountRepository: AccountStore;
      accountGroupRepository: Pick<AccountGroupRepository, 'findGroup'>;
      /** The member's proxy flag, read from the shared member repository (issue 26). */
      memberRepository: FeatureFlagStore;
      now: () => number;
      transaction: Transaction;
    },
  ) {
    this.repo = deps.enterpriseAccountRepository;
  }

  /** A proxy (ip_code) can be set only when the member's is_ip flag allows it (§6); clearing is always fine. */
  private async requireProxyAllowed(memberId: number, ipCode: string | undefined): Promise<void> {
    if (ipCode && !canSetProxy(await featureFlagsOf(this.deps.memberRepository, memberId))) {
      throw badRequest(Msg.proxyNotAllowed);
    }
  }

  /** Main accounts, one page, with their sub-accounts nested as `children`. */
  async list(memberId: number, query: z.output<typeof accountListQuery>): Promise<AccountList> {
    const { rows, count } = await this.repo.listParents(
      memberId,
      toFilter(query),
      (query.page - 1) * query.limit,
      query.limit,
    );
    const children = await this.repo.children(
      memberId,
      rows.map((row) => row.id),
    );
    const byParent = new Map<number, EnterpriseAccount[]>();
    for (const child of children) {
      byParent.set(child.pid, [...(byParent.get(child.pid) ?? []), toAccount(child)]);
    }
    const list = rows.map((row) => {
      const account = toAccount(row);
      const nested = byParent.get(row.id);
      return nested ? { ...account, children: nested } : account;
    });
    return { list, count };
  }

  /** Every matching account, flat (the selector's list); limit 0 means all. */
  async selectorList(memberId: number, query: z.output<typeof selectorAccountQuery>): Promise<AccountList> {
    const { rows, count } = await this.repo.listFlat(
      memberId,
      toFilter(query),
      (query.page - 1) * query.limit,
      query.limit,
    );
    return { list: rows.map(toAccount), count };
  }

  /** Adds an account within the level's quota (checked and counted in one transaction). */
  async add(memberId: number, body: z.output<typeof accountAddBody>): Promise<number> {
    await this.requireProxyAllowed(memberId, body.ip_code);
    const now = this.deps.now();
    try {
      return await this.deps.transaction(
        async ({ enterpriseAccountRepository: repo, accountGroupRepository: groups }) => {
          const limit = await repo.lockAccountLimit(memberId, now);
          if ((await repo.countAccounts(memberId)) >= limit) {
            throw badRequest(fillMsg(Msg.accountQuotaExceeded, { limit }));
          }
          if (!(await repo.platformExists(body.platform_id))) {
            throw badRequest(Msg.platformUnknown);
          }
          await requireGroup(groups, memberId, body.group_id);
          if (body.pid) {
            const [parent] = await repo.ownedAccounts(memberId, [body.pid]);
            if (!parent) {
              throw badRequest(Msg.parentAccountInvalid);
            }
            if (parent.pid !== 0) {
              throw badRequest(Msg.subAccountNested);
            }
          }
          const id = await repo.insertAccount({
            member_id: memberId,
            pid: body.pid,
            platform_id: body.platform_id,
            nickname: body.nickname,
            remarks: body.remarks,
            avatar_larger: body.avatar_larger,
            group_id: body.group_id,
            cookie_auth_status: 0,
            access_status: 0,
            ip_code: body.ip_code,
            created_at: now,
            updated_at: now,
          });
          await repo.syncAccountUsage(memberId);
          return id;
        },
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw badRequest(Msg.accountExists);
      }
      throw error;
    }
  }

  /** Edits remarks, group and proxy of one of the member's accounts. */
  async edit(memberId: number, body: z.output<typeof accountEditBody>): Promise<void> {
    await requireAccounts(this.repo, memberId, [body.enterprise_account_id]);
    await this.requireProxyAllowed(memberId, body.ip_code);
    if (body.group_id !== undefined) {
      await requireGroup(this.deps.accountGroupRepository, memberId, body.group_id);
    }
    await this.repo.updateAccount(
      memberId,
      body.enterprise_account_id,
      {
        ...(body.remarks === undefined ? {} : { remarks: body.remarks }),
        ...(body.group_id === undefined ? {} : { group_id: body.group_id }),
        ...(body.ip_code === undefined ? {} : { ip_code: body.ip_code }),
      },
      this.deps.now(),
    );
  }

  /** Deletes accounts (and their sub-accounts) and gives the quota back. */
  async remove(memberId: number, ids: number[]): Promise<number> {
    await requireAccounts(this.repo, memberId, ids);
    return this.deps.transaction(async ({ enterpriseAccountRepository: repo }) => {
      await repo.lockAccountLimit(memberId, this.deps.now());
      const removed = await repo.deleteAccounts(memberId, ids);
      await repo.syncAccountUsage(memberId);
      return removed;
    });
  }

  /** Moves accounts into one of the member's groups (0: no group). */
  async move(memberId: number, ids: number[], groupId: number): Promise<void> {
    await requireAccounts(this.repo, memberId, ids);
    await requireGroup(this.deps.accountGroupRepository, memberId, groupId);
    await this.repo.moveAccounts(memberId, ids, groupId, this.deps.now());
  }
}
