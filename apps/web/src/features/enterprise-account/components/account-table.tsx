import { memo } from 'react';
import { Pagination } from 'antd';
import { ACCOUNT_LIST_LIMIT, TABLE_PAGE_SIZES } from '@vidmatrix/contract/constants';
import { useAccounts, type AccountQuery } from '../api/get-accounts.ts';
import { AccountList, type AccountListProps } from './account-list.tsx';
import styles from './account-list.module.css';

/** The shared table's page sizes (SPEC §2.3) plus one page of the list call's whole limit. */
const PAGE_SIZES = [...TABLE_PAGE_SIZES, ACCOUNT_LIST_LIMIT].map(String);
// Seven sizes need no virtual list, whose height measuring forced a layout each time it rendered.
const SIZE_CHANGER = { virtual: false };
const showTotal = (count: number) => `共 ${count} 条`;
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
          pageSizeOptions={PAGE_SIZES}
          showSizeChanger={SIZE_CHANGER}
          showQuickJumper
          showTotal={showTotal}
          onChange={onPageChange}
          data-testid="account-pagination"
        />
      )}
    </>
  );
}
