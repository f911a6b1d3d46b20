import type { EnterpriseAccount } from '@vidmatrix/contract/api/enterprise-account';

/** The selector's filters: group ('' = 全部分组), platform (0 = all) and a search term. */
export interface SelectorFilter {
  groupId: number | '';
  platformId: number;
  search: string;
}

/** The accounts the selector shows for a filter; the search matches nickname or remarks. */
export function filterSelectorAccounts(
  accounts: readonly EnterpriseAccount[],
  filter: SelectorFilter,
): EnterpriseAccount[] {
  const term = filter.search.trim().toLowerCase();
  return accounts.filter(
    (a) =>
      (filter.groupId === '' || a.group_id === filter.groupId) &&
      (filter.platformId === 0 || a.platform_id === filter.platformId) &&
      (!term || a.nickname.toLowerCase().includes(term) || a.remarks.toLowerCase().includes(term)),
  );
}
