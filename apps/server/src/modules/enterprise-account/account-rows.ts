import type { EnterpriseAccount } from '@vidmatrix/contract/api/enterprise-account';
import { Msg } from '@vidmatrix/contract/messages';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import { badRequest } from '../../errors.ts';
import type { AccountGroupRepository } from './account-group.repository.ts';
import type { AccountFilter, AccountRow, EnterpriseAccountRepository } from './enterprise-account.repository.ts';

/** The list, selector and export queries' filters as a repository filter. */
export function toFilter(query: {
  platform_id: number[];
  group_id?: number | undefined;
  remarks: string;
}): AccountFilter {
  return { platformIds: query.platform_id, groupId: query.group_id, search: query.remarks };
}

/** An account row as the API shows it. */
export function toAccount(row: AccountRow): EnterpriseAccount {
  return {
    enterprise_account_id: row.id,
    nickname: row.nickname,
    remarks: row.remarks,
    avatar_larger: row.avatar_larger,
    platform_id: row.platform_id,
    platform_name: row.platform_name,
    platform_logo_url: row.platform_logo_url,
    pid: row.pid,
    group_id: row.group_name === null ? 0 : row.group_id,
    group_name: row.group_name ?? '',
    cookie_auth_status: row.cookie_auth_status,
    access_status: row.access_status,
    ip_code: row.ip_code,
    create_time: formatServerTime(row.created_at),
  };
}

/** The member's accounts among `ids`; refuses when any is missing or another member's. */
export async function requireAccounts(
  repo: Pick<EnterpriseAccountRepository, 'ownedAccounts'>,
  memberId: number,
  ids: number[],
) {
  const unique = [...new Set(ids)];
  const owned = await repo.ownedAccounts(memberId, unique);
  if (owned.length !== unique.length) {
    throw badRequest(Msg.accountNotOwned);
  }
  return owned;
}

/** Refuses a group id (other than 0) that is not the member's. */
export async function requireGroup(
  repo: Pick<AccountGroupRepository, 'findGroup'>,
  memberId: number,
  groupId: number,
): Promise<void> {
  if (groupId !== 0 && !(await repo.findGroup(memberId, groupId))) {
    throw badRequest(Msg.groupNotOwned);
  }
}
