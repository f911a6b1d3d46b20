import { describe, expect, it } from 'vitest';
import type { EnterpriseAccount } from '@vidmatrix/contract/api/enterprise-account';
import { filterSelectorAccounts } from './selector-filter.ts';

function account(id: number, fields: Partial<EnterpriseAccount>): EnterpriseAccount {
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

const accounts = [account(1, { group_id: 5 }), account(2, { platform_id: 2, remarks: 'Live' }), account(3, {})];

describe('filterSelectorAccounts', () => {
  it('全部分组 (empty id) and platform 0 keep everything', () => {
    expect(filterSelectorAccounts(accounts, { groupId: '', platformId: 0, search: '' })).toHaveLength(3);
  });
  it('filters by group, platform and a case-insensitive search', () => {
    expect(
      filterSelectorAccounts(accounts, { groupId: 5, platformId: 0, search: '' }).map((a) => a.enterprise_account_id),
    ).toEqual([1]);
    expect(
      filterSelectorAccounts(accounts, { groupId: 0, platformId: 0, search: '' }).map((a) => a.enterprise_account_id),
    ).toEqual([2, 3]);
    expect(filterSelectorAccounts(accounts, { groupId: '', platformId: 2, search: '' })).toHaveLength(1);
    expect(filterSelectorAccounts(accounts, { groupId: '', platformId: 0, search: 'live' })).toHaveLength(1);
    expect(filterSelectorAccounts(accounts, { groupId: '', platformId: 0, search: '号3' })).toHaveLength(1);
  });
});
