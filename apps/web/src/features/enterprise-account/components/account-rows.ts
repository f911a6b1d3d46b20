import type { EnterpriseAccount } from '@vidmatrix/contract/api/enterprise-account';

/** One line of the account table. */
export interface AccountRow {
  account: EnterpriseAccount;
  /** A sub-account, drawn indented under its parent. */
  child: boolean;
  /** For a parent with sub-accounts: whether they are shown (undefined when it has none). */
  expanded?: boolean;
}

/** The table's lines: each main account, then its sub-accounts unless the parent is collapsed. */
export function accountRows(accounts: readonly EnterpriseAccount[], collapsed: ReadonlySet<number>): AccountRow[] {
  const rows: AccountRow[] = [];
  for (const account of accounts) {
    const children = account.children ?? [];
    const expanded = !collapsed.has(account.enterprise_account_id);
    rows.push({ account, child: false, expanded: children.length > 0 ? expanded : undefined });
    if (expanded) {
      for (const child of children) {
        rows.push({ account: child, child: true });
      }
    }
  }
  return rows;
}

/** Ids of every account of the page, sub-accounts included (what 全选 selects). */
export function accountIds(accounts: readonly EnterpriseAccount[]): number[] {
  return accounts.flatMap((a) => [a.enterprise_account_id, ...(a.children ?? []).map((c) => c.enterprise_account_id)]);
}
