import { cloneElement, isValidElement, type ReactNode } from 'react';
import type { PaginationProps } from 'antd';
import { TABLE_PAGE_SIZES } from '@vidmatrix/contract/constants';

/**
 * The pagination settings of SPEC §2.3: page sizes 10–500 (the default, 10, is TABLE_DEFAULT_PAGE_SIZE)
 * and the total before the pager. antd lays them out as total, prev, pager, next, sizes, jumper: the
 * §2.3 order. `extraSizes` are sizes a screen adds beyond §2.3, each recorded in docs/decisions.md.
 */
export function tablePagination(extraSizes: readonly number[] = []) {
  return {
    pageSizeOptions: [...TABLE_PAGE_SIZES, ...extraSizes].map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (count: number) => `共 ${count} 条`,
    itemRender: namedPageButtons,
  } satisfies PaginationProps;
}

const PAGE_BUTTON_NAMES: Partial<Record<string, string>> = { prev: '上一页', next: '下一页' };

/** antd's ‹ › buttons are named by their icons, in English ("left", "right"): name them in Chinese. */
export function namedPageButtons(_page: number, type: string, element: ReactNode): ReactNode {
  const name = PAGE_BUTTON_NAMES[type];
  return name && isValidElement<{ 'aria-label'?: string }>(element)
    ? cloneElement(element, { 'aria-label': name })
    : element;
}
