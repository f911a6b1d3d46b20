import type { AccountGroup, GroupList, groupListQuery } from '@vidmatrix/contract/api/enterprise-account';
import { Msg } from '@vidmatrix/contract/messages';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest } from '../../errors.ts';
import { requireGroup } from './account-rows.ts';
import type { Transaction } from '../../repositories.ts';
import type { AccountGroupRepository } from './account-group.repository.ts';

type GroupStore = Pick<AccountGroupRepository, 'findGroup' | 'groups' | 'insertGroup' | 'renameGroup'>;

/** Account groups of a member (names unique per member). */
export class AccountGroupService {
  private readonly repo: GroupStore;

  constructor(
    private readonly deps: { accountGroupRepository: GroupStore; now: () => number; transaction: Transaction },
  ) {
    this.repo = deps.accountGroupRepository;
  }

  /** The member's groups with their account counts; limit 0 means all. */
  async list(memberId: number, query: z.output<typeof groupListQuery>): Promise<GroupList> {
    const rows = await this.repo.groups(memberId);
    const all: AccountGroup[] = rows.map((row) => ({
      group_id: row.id,
      group_name: row.name,
      account_count: Number(row.account_count),
    }));
    const list = query.limit > 0 ? all.slice((query.page - 1) * query.limit, query.page * query.limit) : all;
    return { list, count: all.length };
  }

  async add(memberId: number, name: string): Promise<number> {
    try {
      return await this.repo.insertGroup(memberId, name, this.deps.now());
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw badRequest(Msg.groupExists);
      }
      throw error;
    }
  }

  async rename(memberId: number, groupId: number, name: string): Promise<void> {
    await requireGroup(this.repo, memberId, groupId);
    try {
      await this.repo.renameGroup(memberId, groupId, name, this.deps.now());
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw badRequest(Msg.groupExists);
      }
      throw error;
    }
  }

  /** Deletes a group; its accounts fall back to no group. */
  async remove(memberId: number, groupId: number): Promise<void> {
    await requireGroup(this.repo, memberId, groupId);
    await this.deps.transaction(({ accountGroupRepository: repo }) =>
      repo.deleteGroup(memberId, groupId, this.deps.now()),
    );
  }
}
