import { memo } from 'react';
import { Pagination } from 'antd';
import { ACCOUNT_LIST_LIMIT } from '@vidmatrix/contract/constants';
import { tablePagination } from '../../../components/table-pagination.ts';
import { useAccounts, type AccountQuery } from '../api/get-accounts.ts';
import { AccountList, type AccountListProps } from './account-list.tsx';
import styles from './account-list.module.css';

/** The shared table's pagination plus one page of the list call's whole limit (docs/decisions.md). */
const PAGINATION = tablePagination([ACCOUNT_LIST_LIMIT]);
// Its props rarely change when a page arrives: re-rendering its size menu cost a frame.
const StablePagination = memo(Pagination);

export interface AccountTableProps extends Omit<AccountListProps, 'accounts' | 'loading' | 'stale'> {
  query: AccountQuery;
  onPageChange: (page: number, limit: number) => void;
}

/**
 * One page of accounts with the §2.3 pagination (total, prev, pager, next, sizes, jumper). It alone
 * reads the list query, so a page's arrival renders the list and not the rest of the page.
 */
export function AccountTable({ query, onPageChange, ...list }: AccountTableProps) {
  const accounts = useAccounts(query);
  const total = accounts.data?.count ?? 0;
  return (
    <>
      <AccountList
        {...list}
        accounts={accounts.data?.list ?? []}
        loading={accounts.isPending}
        stale={accounts.isPlaceholderData}
      />
      {total > 0 && (
        <StablePagination
          className={styles.pagination}
          align="end"
          total={total}
          current={query.page}
          pageSize={query.limit}
          {...PAGINATION}
          onChange={onPageChange}
          data-testid="account-pagination"
        />
      )}
    </>
  );
}
