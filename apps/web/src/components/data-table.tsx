import { Table, type TableProps } from 'antd';
import { TABLE_DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '@vidmatrix/contract/constants';

export interface DataTableProps<T> extends Omit<TableProps<T>, 'pagination'> {
  /** Rows across all pages. */
  total: number;
  page: number;
  pageSize?: number;
  onPageChange: (page: number, pageSize: number) => void;
}

/**
 * The shared table of SPEC §2.3: page sizes 10–500 (default 10), pagination laid out as total,
 * prev, pager, next, sizes, jumper.
 */
export function DataTable<T extends object>({
  total,
  page,
  pageSize = TABLE_DEFAULT_PAGE_SIZE,
  onPageChange,
  ...table
}: DataTableProps<T>) {
  return (
    <Table<T>
      size="middle"
      {...table}
      pagination={{
        total,
        current: page,
        pageSize,
        pageSizeOptions: TABLE_PAGE_SIZES.map(String),
        showSizeChanger: true,
        showQuickJumper: true,
        showTotal: (count) => `共 ${count} 条`,
        // antd draws total first, then prev/pager/next, then sizes and the jumper: the §2.3 layout.
        onChange: onPageChange,
        position: ['bottomRight'],
      }}
    />
  );
}
