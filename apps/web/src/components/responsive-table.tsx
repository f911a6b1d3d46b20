import type { HTMLAttributes, Key, ReactNode } from 'react';
import { Button, Card, Dropdown, Empty, Modal, Pagination, Popconfirm, Space, Spin, Table } from 'antd';
import type { TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { MoreOutlined } from '@ant-design/icons';
import { Msg } from '@vidmatrix/contract/messages';
import { useIsPhone } from '../lib/use-media-query.ts';
import styles from './responsive-table.module.css';
import { namedPageButtons } from './table-pagination.ts';

/** One row action: a button on wide screens, a menu entry on phones. */
export interface RowAction {
  key: string;
  label: string;
  onClick: () => void;
  primary?: boolean;
  danger?: boolean;
  /** Asks first: a Popconfirm beside the button, a confirm dialog from the menu. */
  confirm?: string;
}

interface ResponsiveTableProps<T extends object> extends Omit<TableProps<T>, 'columns' | 'rowKey'> {
  columns: ColumnType<T>[];
  rowKey: keyof T & string;
  /** The row's actions; an 操作 column on wide screens, a ⋯ menu on each card on phones. */
  rowActions?: (row: T) => RowAction[];
  /** Column keys (key or dataIndex) left off the cards: a phone shows only the fields that matter. */
  cardOmit?: readonly string[];
  /** What an empty list shows, table or cards (a bare 暂无数据 when absent): say what the list is for. */
  empty?: ReactNode;
  'data-testid'?: string;
}

// Columns without a key or a string dataIndex are told apart by their title.
const columnKey = <T,>(col: ColumnType<T>): string =>
  col.key !== undefined
    ? String(col.key)
    : typeof col.dataIndex === 'string'
      ? col.dataIndex
      : String(col.title as string);

/** What a column shows for a row, rendered the same way the table renders it. */
function cellOf<T extends object>(col: ColumnType<T>, row: T, index: number): ReactNode {
  const value = typeof col.dataIndex === 'string' ? (row as Record<string, unknown>)[col.dataIndex] : undefined;
  return (col.render ? col.render(value, row, index) : value) as ReactNode;
}

/** The buttons of the 操作 column. */
function ActionButtons({ actions }: { actions: RowAction[] }) {
  return (
    <Space>
      {actions.map((a) => {
        const button = (
          <Button
            key={a.key}
            size="small"
            type={a.primary ? 'primary' : undefined}
            danger={a.danger}
            onClick={a.confirm ? undefined : a.onClick}
          >
            {a.label}
          </Button>
        );
        return a.confirm ? (
          <Popconfirm key={a.key} title={a.confirm} onConfirm={a.onClick}>
            {button}
          </Popconfirm>
        ) : (
          button
        );
      })}
    </Space>
  );
}

/** The ⋯ menu of a card. */
function ActionMenu({ actions }: { actions: RowAction[] }) {
  const handleClick = ({ key }: { key: string }) => {
    const action = actions.find((a) => a.key === key);
    if (!action) {
      return;
    }
    if (action.confirm) {
      Modal.confirm({
        title: '提示',
        content: action.confirm,
        okText: '确定',
        cancelText: '取消',
        onOk: action.onClick,
      });
    } else {
      action.onClick();
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items: actions.map((a) => ({ key: a.key, label: a.label, danger: a.danger })), onClick: handleClick }}
    >
      <Button size="small" type="text" icon={<MoreOutlined aria-hidden />} aria-label="操作" />
    </Dropdown>
  );
}

/**
 * antd's Table on wide screens; under CARD_LIST_BREAKPOINT_PX one card per row (the first column as
 * its title, the other columns as label/value lines, the actions in a menu), as the material library
 * shows materials, so no list pushes a phone's page sideways.
 */
export function ResponsiveTable<T extends object>(props: ResponsiveTableProps<T>) {
  const { columns, rowActions, cardOmit = [], empty, ...tableProps } = props;
  const phone = useIsPhone();
  if (!phone) {
    const actionColumn: ColumnType<T> = {
      title: '操作',
      key: 'actions',
      render: (_, row) => <ActionButtons actions={rowActions?.(row) ?? []} />,
    };
    return (
      <Table<T>
        {...tableProps}
        locale={empty ? { ...tableProps.locale, emptyText: empty } : tableProps.locale}
        columns={rowActions ? [...columns, actionColumn] : columns}
      />
    );
  }

  const { rowKey, dataSource = [], loading, pagination, expandable, onRow } = tableProps;
  const [titleColumn, ...fieldColumns] = columns;
  const fields = fieldColumns.filter((col) => !cardOmit.includes(columnKey(col)));
  const expandedKeys: readonly Key[] = expandable?.expandedRowKeys ?? [];
  return (
    <Spin spinning={Boolean(loading)}>
      <div className={styles.cards} data-testid={props['data-testid']}>
        {dataSource.length === 0 &&
          !loading &&
          (empty ?? <Empty description={Msg.noData} image={Empty.PRESENTED_IMAGE_SIMPLE} />)}
        {dataSource.map((row, index) => {
          const key = row[rowKey] as Key;
          const actions = rowActions?.(row) ?? [];
          return (
            <Card
              key={key}
              size="small"
              title={titleColumn ? cellOf(titleColumn, row, index) : null}
              extra={actions.length > 0 && <ActionMenu actions={actions} />}
              {...(onRow?.(row, index) as HTMLAttributes<HTMLDivElement> | undefined)}
            >
              {fields.map((col) => (
                <div key={columnKey(col)} className={styles.field}>
                  <span className={styles.label}>{col.title as ReactNode}</span>
                  <div className={styles.value}>{cellOf(col, row, index)}</div>
                </div>
              ))}
              {expandable?.expandedRowRender && expandedKeys.includes(key) && (
                <div className={styles.expanded}>{expandable.expandedRowRender(row, index, 0, true)}</div>
              )}
            </Card>
          );
        })}
        {pagination && Boolean(pagination.total) && (
          <div className={styles.pager}>
            <Pagination
              simple
              size="small"
              current={pagination.current}
              pageSize={pagination.pageSize}
              total={pagination.total}
              showTotal={pagination.showTotal}
              itemRender={namedPageButtons}
              onChange={pagination.onChange}
            />
          </div>
        )}
      </div>
    </Spin>
  );
}
