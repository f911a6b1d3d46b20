import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Dropdown, Empty, Popconfirm, Spin, type MenuProps } from 'antd';
import { DeleteOutlined, HistoryOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { EnterpriseAccount } from '@vidmatrix/contract/api/enterprise-account';
import { ACCESS_AUTH_PLATFORM_IDS, COOKIE_AUTH_PLATFORM_IDS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { canReauthorize } from '@vidmatrix/contract/rules/account-selectability';
import { accessLabel, cookieAuthLabel } from '@vidmatrix/contract/rules/account-status';
import { LiteAvatar, LiteCheckbox, LiteTag } from '../../../components/lite-controls.tsx';
import styles from './account-list.module.css';
import { accountIds, accountRows, type AccountRow as AccountRowData } from './account-rows.ts';

/** Row and header heights, px (as antd's middle table with a 32 px avatar); rows are fixed so nothing is measured. */
const ROW_HEIGHT = 56;
const HEAD_HEIGHT = 47;
/** The list's greatest height, px; it scrolls beyond. */
const VIEWPORT_HEIGHT = 640;
// Whenever rows overflow the list it is VIEWPORT_HEIGHT tall, so the virtualizer is told so instead of
// measuring it: the measurement re-rendered the rows a second time when a new page changed its height.
const VIEWPORT_RECT = { width: 0, height: VIEWPORT_HEIGHT };
const observeViewport = (_: unknown, onRect: (rect: typeof VIEWPORT_RECT) => void) => onRect(VIEWPORT_RECT);

const cookiePlatforms = new Set<number>(COOKIE_AUTH_PLATFORM_IDS);
const accessPlatforms = new Set<number>(ACCESS_AUTH_PLATFORM_IDS);

const HEADERS = ['账号', '备注', '平台', '分组', '授权状态', '访问状态', '代理IP', '添加时间'];

/** What a row's buttons ask the page to do. */
export interface AccountActions {
  onEdit: (account: EnterpriseAccount) => void;
  onReauthorize: (account: EnterpriseAccount) => void;
  onAuthLog: (account: EnterpriseAccount) => void;
  onDelete: (account: EnterpriseAccount) => Promise<unknown>;
}

export interface AccountListProps extends AccountActions {
  /** Main accounts of the page, sub-accounts as their `children`. */
  accounts: readonly EnterpriseAccount[];
  /** Nothing to show yet (the first load). */
  loading: boolean;
  /** The rows are the previous query's while the next one loads. */
  stale: boolean;
  selected: readonly number[];
  onSelect: (ids: number[]) => void;
  /** What an empty list shows (a bare 暂无数据 when absent). */
  empty?: ReactNode;
}

/**
 * The account table: a virtualized grid of div rows under a sticky header, so a page of
 * ACCOUNT_LIST_LIMIT accounts renders as fast as one of ten (antd's Table took seconds on a slow CPU).
 * Sub-accounts sit under their parent, expanded until collapsed; selection is per row (checkStrictly).
 */
export function AccountList({ accounts, loading, stale, selected, onSelect, empty, ...actions }: AccountListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());

  const rows = useMemo(() => accountRows(accounts, collapsed), [accounts, collapsed]);
  const pageIds = useMemo(() => accountIds(accounts), [accounts]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const selectedOnPage = pageIds.filter((id) => selectedSet.has(id)).length;

  // The rows' callbacks stay the same across renders (memoized rows); they call the latest props.
  const latest = useRef({ actions, selected, onSelect });
  useLayoutEffect(() => {
    latest.current = { actions, selected, onSelect };
  });
  const handleSelect = useCallback((id: number, checked: boolean) => {
    const { selected: current, onSelect: select } = latest.current;
    select(checked ? [...current, id] : current.filter((v) => v !== id));
  }, []);
  const handleAction = useCallback((action: keyof AccountActions, account: EnterpriseAccount) => {
    return latest.current.actions[action](account);
  }, []);
  const handleExpand = useCallback((id: number) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) {
        next.add(id);
      }
      return next;
    });
  }, []);

  const handleSelectAll = (checked: boolean) => {
    const page = new Set(pageIds);
    const others = selected.filter((id) => !page.has(id));
    onSelect(checked ? [...others, ...pageIds] : others);
  };

  // TanStack Virtual hands back functions the React compiler cannot memoize; that is expected here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    scrollMargin: HEAD_HEIGHT,
    overscan: 2,
    initialRect: VIEWPORT_RECT,
    observeElementRect: observeViewport,
  });

  return (
    <div
      ref={scrollRef}
      className={styles.scroller}
      style={{ maxHeight: VIEWPORT_HEIGHT }}
      aria-busy={stale}
      role="table"
      aria-rowcount={rows.length + 1}
      data-testid="account-table"
    >
      <div className={styles.table}>
        <div className={`${styles.grid} ${styles.head}`} role="row">
          <div className={`${styles.cell} ${styles.check}`} role="columnheader">
            <LiteCheckbox
              aria-label="全选"
              checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
              indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
              disabled={pageIds.length === 0}
              onChange={(event) => handleSelectAll(event.target.checked)}
              data-testid="account-select-all"
            />
          </div>
          {HEADERS.map((title) => (
            <div key={title} className={styles.cell} role="columnheader">
              {title}
            </div>
          ))}
          <div className={`${styles.cell} ${styles.actions}`} role="columnheader">
            操作
          </div>
        </div>
        {loading || rows.length === 0 ? (
          // A table holds only rows: the spinner and the empty state sit in one row's cell.
          <div role="row">
            <div role="cell">
              {loading ? (
                <Spin className={styles.empty} style={{ display: 'block' }} />
              ) : (
                (empty ?? (
                  <Empty className={styles.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} description={Msg.noData} />
                ))
              )}
            </div>
          </div>
        ) : (
          <div className={styles.body} role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              return (
                row && (
                  <AccountRow
                    key={row.account.enterprise_account_id}
                    {...row}
                    index={item.index}
                    top={item.start - HEAD_HEIGHT}
                    selected={selectedSet.has(row.account.enterprise_account_id)}
                    onSelect={handleSelect}
                    onExpand={handleExpand}
                    onAction={handleAction}
                  />
                )
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

interface AccountRowProps extends AccountRowData {
  index: number;
  top: number;
  selected: boolean;
  onSelect: (id: number, checked: boolean) => void;
  onExpand: (id: number) => void;
  onAction: (action: keyof AccountActions, account: EnterpriseAccount) => unknown;
}

/** One account; memoized so scrolling and selecting re-render only the rows that change. */
const AccountRow = memo(function AccountRow({
  account: a,
  child,
  expanded,
  index,
  top,
  selected,
  onSelect,
  onExpand,
  onAction,
}: AccountRowProps) {
  const auth = cookieAuthLabel(a.cookie_auth_status);
  const access = accessLabel(a.access_status);
  const showAuth = cookiePlatforms.has(a.platform_id) || !accessPlatforms.has(a.platform_id);
  const [date, time = ''] = a.create_time.split(' ');
  return (
    <div
      className={`${styles.grid} ${styles.row}`}
      style={{ transform: `translateY(${top}px)` }}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-testid="account-row"
    >
      <div className={`${styles.cell} ${styles.check}`} role="cell">
        <LiteCheckbox
          aria-label={`选择 ${a.nickname}`}
          checked={selected}
          onChange={(event) => onSelect(a.enterprise_account_id, event.target.checked)}
        />
      </div>
      <div className={child ? `${styles.cell} ${styles.child}` : styles.cell} role="cell">
        {expanded === undefined ? (
          !child && <span className={styles.indent} />
        ) : (
          <button
            type="button"
            className={styles.expand}
            aria-label={expanded ? '收起子账号' : '展开子账号'}
            aria-expanded={expanded}
            onClick={() => onExpand(a.enterprise_account_id)}
          >
            {expanded ? '−' : '+'}
          </button>
        )}
        <LiteAvatar src={a.avatar_larger || undefined} name={a.nickname} size={child ? 24 : 32} />
        <span className={styles.text} data-testid="account-nickname" title={a.nickname}>
          {a.nickname}
        </span>
        {a.pid !== 0 && <LiteTag color="purple">子账号</LiteTag>}
      </div>
      <div className={styles.cell} role="cell">
        <span className={styles.text} title={a.remarks || undefined}>
          {a.remarks || '—'}
        </span>
      </div>
      <div className={styles.cell} role="cell">
        <LiteAvatar src={a.platform_logo_url} size={20} square />
        <span className={styles.text} title={a.platform_name}>
          {a.platform_name}
        </span>
      </div>
      <div className={styles.cell} role="cell">
        <span
          className={a.group_name ? styles.text : `${styles.text} ${styles.muted}`}
          title={a.group_name || undefined}
        >
          {a.group_name || Msg.noGroup}
        </span>
      </div>
      <div className={styles.cell} role="cell">
        {showAuth ? <LiteTag color={auth.color}>{auth.label}</LiteTag> : '—'}
      </div>
      <div className={styles.cell} role="cell">
        {accessPlatforms.has(a.platform_id) ? <LiteTag color={access.color}>{access.label}</LiteTag> : '—'}
      </div>
      <div className={styles.cell} role="cell">
        <span className={styles.text} title={a.ip_code || undefined}>
          {a.ip_code || '—'}
        </span>
      </div>
      <div className={`${styles.cell} ${styles.time}`} role="cell" title={a.create_time}>
        <span>{date}</span>
        <span className={styles.muted}>{time}</span>
      </div>
      <div className={`${styles.cell} ${styles.actions}`} role="cell">
        <button type="button" className={styles.link} onClick={() => onAction('onEdit', a)}>
          编辑
        </button>
        <MoreActions account={a} onAction={onAction} />
      </div>
    </div>
  );
});

/**
 * 更多: 重新授权 (where the platform allows it), 授权记录 and 删除 in a menu. The Dropdown, and the
 * Popconfirm that 删除 opens, mount on the first click: one of each per row made large pages slow.
 */
function MoreActions({ account, onAction }: { account: EnterpriseAccount; onAction: AccountRowProps['onAction'] }) {
  const [menuOpen, setMenuOpen] = useState<boolean | null>(null);
  const [confirming, setConfirming] = useState(false);
  const button = (
    <button
      type="button"
      className={`${styles.link} ${styles.more}`}
      aria-haspopup="menu"
      aria-expanded={menuOpen === true}
      onClick={menuOpen === null ? () => setMenuOpen(true) : undefined}
    >
      更多
    </button>
  );
  if (menuOpen === null) {
    return button;
  }
  const items: MenuProps['items'] = [
    ...(canReauthorize(account.platform_id)
      ? [{ key: 'onReauthorize', label: '重新授权', icon: <SafetyCertificateOutlined aria-hidden /> }]
      : []),
    { key: 'onAuthLog', label: '授权记录', icon: <HistoryOutlined aria-hidden /> },
    { type: 'divider' },
    { key: 'onDelete', label: '删除', icon: <DeleteOutlined aria-hidden />, danger: true },
  ];
  const handleMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'onDelete') {
      setConfirming(true);
    } else if (key === 'onReauthorize' || key === 'onAuthLog') {
      onAction(key, account);
    }
  };
  // Once mounted, the Dropdown's own trigger opens and closes the menu; the Popconfirm opens only from it.
  return (
    <Popconfirm
      open={confirming}
      onOpenChange={(open) => {
        if (!open) {
          setConfirming(false);
        }
      }}
      title={Msg.accountDeleteConfirm}
      okText="删除"
      cancelText="取消"
      onConfirm={() => Promise.resolve(onAction('onDelete', account))}
    >
      <Dropdown open={menuOpen} onOpenChange={setMenuOpen} trigger={['click']} menu={{ items, onClick: handleMenu }}>
        {button}
      </Dropdown>
    </Popconfirm>
  );
}
