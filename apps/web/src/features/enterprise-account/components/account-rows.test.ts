import { describe, expect, it } from 'vitest';
import type { EnterpriseAccount } from '@vidmatrix/contract/api/enterprise-account';
import { accountIds, accountRows } from './account-rows.ts';

function account(id: number, fields: Partial<EnterpriseAccount> = {}): EnterpriseAccount {
  return {
    enterprise_account_id: id,
    nickname: `号${id}`,
    remarks: '',
    avatar_larger: '',
    platform_id: 1,
    platform_name: '抖音',
    platform_logo_url: '',
    pid: 0,
    group_id: 0,
    group_name: '',
    cookie_auth_status: 1,
    access_status: 1,
    ip_code: '',
    create_time: '',
    ...fields,
  };
}

const page = [account(1, { children: [account(11, { pid: 1 }), account(12, { pid: 1 })] }), account(2)];

describe('accountRows', () => {
  it('puts sub-accounts under their parent, expanded by default', () => {
    expect(accountRows(page, new Set()).map((r) => [r.account.enterprise_account_id, r.child, r.expanded])).toEqual([
      [1, false, true],
      [11, true, undefined],
      [12, true, undefined],
      [2, false, undefined],
    ]);
  });
  it('hides the sub-accounts of a collapsed parent', () => {
    expect(accountRows(page, new Set([1])).map((r) => [r.account.enterprise_account_id, r.expanded])).toEqual([
      [1, false],
      [2, undefined],
    ]);
  });
});

describe('accountIds', () => {
  it('lists every account of the page, sub-accounts included', () => {
    expect(accountIds(page)).toEqual([1, 11, 12, 2]);
  });
});
