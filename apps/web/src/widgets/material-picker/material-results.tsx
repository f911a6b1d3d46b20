import { memo, type ReactNode } from 'react';
import { Button, Pagination } from 'antd';
import type { Material, MaterialSearchState } from '@vidmatrix/contract/api/material';
import { MATERIAL_PAGE_SIZES } from '@vidmatrix/contract/constants';
import type { MaterialCardProps } from './material-card.tsx';
import { MaterialGrid, type GridHeight } from './material-grid.tsx';
import { useMaterials } from '../../api/material/get-materials.ts';
import styles from './material.module.css';
import { namedPageButtons } from '../../components/table-pagination.ts';

const NO_MATERIALS: Material[] = [];
const PAGE_SIZE_OPTIONS = MATERIAL_PAGE_SIZES.map(String);
const showTotal = (total: number) => `共 ${total} 条`;

interface MaterialResultsProps extends Omit<MaterialCardProps, 'material' | 'checked'> {
  state: MaterialSearchState;
  picker: boolean;
  selectedIds: ReadonlySet<number>;
  gridHeight: GridHeight;
  onPageChange: (page: number, limit: number) => void;
  /** Shown instead of the grid when the list has nothing (absent: the empty grid). */
  empty?: ReactNode;
}

/**
 * 全选 / 取消全选 for the page shown. Subscribes to the list itself, so new results re-render this
 * button and the grid, not the whole browser (toolbar selects, buttons, dialogs).
 */
export function SelectAllButton({
  state,
  picker,
  selectedIds,
  onClick,
}: {
  state: MaterialSearchState;
  picker: boolean;
  selectedIds: ReadonlySet<number>;
  onClick: (list: Material[], allChosen: boolean) => void;
}) {
  const list = useMaterials(state, picker).data?.list ?? NO_MATERIALS;
  const allChosen = list.length > 0 && list.every((m) => selectedIds.has(m.file_id));
  return <Button onClick={() => onClick(list, allChosen)}>{allChosen ? '取消全选' : '全选'}</Button>;
}

/**
 * The card grid and its pager for a search state. The list subscription lives here, so arriving
 * results re-render the grid only, not the browser's toolbar and dialogs.
 */
export const MaterialResults = memo(function MaterialResults({
  state,
  picker,
  selectedIds,
  gridHeight,
  onPageChange,
  empty,
  ...handlers
}: MaterialResultsProps) {
  const data = useMaterials(state, picker).data;
  if (empty && data?.count === 0) {
    return empty;
  }
  return (
    <>
      <MaterialGrid materials={data?.list ?? NO_MATERIALS} selected={selectedIds} height={gridHeight} {...handlers} />
      <MaterialPager current={state.page} pageSize={state.limit} total={data?.count ?? 0} onChange={onPageChange} />
    </>
  );
});

/** antd's Pagination, re-rendered only when page, size or total change. */
const MaterialPager = memo(function MaterialPager(props: {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number, limit: number) => void;
}) {
  return (
    <div className={styles.pager}>
      <Pagination
        {...props}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        showSizeChanger
        showQuickJumper
        showTotal={showTotal}
        itemRender={namedPageButtons}
      />
    </div>
  );
});
