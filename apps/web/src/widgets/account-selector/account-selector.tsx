import { memo, useCallback, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Empty, Input, Select, Space, Spin, Tooltip } from 'antd';
import type { EnterpriseAccount } from '@vidmatrix/contract/api/enterprise-account';
import { Msg } from '@vidmatrix/contract/messages';
import { accountSelectability, SELECTOR_PLATFORM_IDS } from '@vidmatrix/contract/rules/account-selectability';
import { cookieAuthLabel } from '@vidmatrix/contract/rules/account-status';
import { useAccountGroups } from '../../api/account/get-account-groups.ts';
import { usePlatforms } from '../../api/account/get-platforms.ts';
import { useSelectorAccounts } from '../../api/account/get-selector-accounts.ts';
import { LiteAvatar, LiteCheckbox, LiteTag } from '../../components/lite-controls.tsx';
import styles from './account-selector.module.css';
import { filterSelectorAccounts, type SelectorFilter } from './selector-filter.ts';

const ROW_HEIGHT = 52;

export interface AccountSelectorProps {
  value: number[];
  onChange: (ids: number[], accounts: EnterpriseAccount[]) => void;
  /** Image-clip mode: platform 6 is never selectable (SPEC §5.4). */
  imageClip?: boolean;
  /** Only these platforms (default: SELECTOR_PLATFORM_IDS, the §7 list with 3, 5 and 6). */
  platformIds?: readonly number[];
}

/** The disabled row under the pointer: its tooltip and where the shared tooltip anchors. */
interface HoverTip {
  text: string;
  top: number;
}

/**
 * The account selector of SPEC §2.3/§5.4: group (全部分组 first), platform and search filters over a
 * virtualized list; accounts the §5.4 rules refuse are disabled with their tooltip.
 */
export function AccountSelector({
  value,
  onChange,
  imageClip = false,
  platformIds = SELECTOR_PLATFORM_IDS,
}: AccountSelectorProps) {
  const groups = useAccountGroups();
  const platforms = usePlatforms();
  const [filter, setFilter] = useState<SelectorFilter>({ groupId: '', platformId: 0, search: '' });

  const groupOptions = [
    { value: '', label: Msg.allGroups },
    ...(groups.data?.list ?? []).map((g) => ({ value: g.group_id, label: g.group_name })),
  ];
  const platformOptions = [
    { value: 0, label: '全部平台' },
    ...(platforms.data?.list ?? [])
      .filter((p) => platformIds.length === 0 || platformIds.includes(p.platform_id))
      .map((p) => ({ value: p.platform_id, label: p.platform_name })),
  ];

  return (
    <div data-testid="account-selector">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<number | ''>
          style={{ width: 150 }}
          value={filter.groupId}
          options={groupOptions}
          onChange={(groupId) => setFilter((f) => ({ ...f, groupId }))}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label="分组"
          data-testid="selector-group"
        />
        <Select<number>
          style={{ width: 150 }}
          value={filter.platformId}
          options={platformOptions}
          onChange={(platformId) => setFilter((f) => ({ ...f, platformId }))}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label="平台"
          data-testid="selector-platform"
        />
        <Input.Search
          allowClear
          placeholder="搜索昵称或备注"
          style={{ width: 200 }}
          onChange={(event) => setFilter((f) => ({ ...f, search: event.target.value }))}
          data-testid="selector-search"
        />
        <span>已选 {value.length} 个</span>
      </Space>
      <SelectorList value={value} onChange={onChange} imageClip={imageClip} platformIds={platformIds} filter={filter} />
    </div>
  );
}

/**
 * The selector's virtualized list. It alone reads the accounts query, so the list's arrival renders
 * the rows and nothing else.
 */
function SelectorList({
  value,
  onChange,
  imageClip,
  platformIds,
  filter,
}: Required<AccountSelectorProps> & { filter: SelectorFilter }) {
  const accounts = useSelectorAccounts(platformIds);
  const [tip, setTip] = useState<HoverTip | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  const all = useMemo(() => accounts.data?.list ?? [], [accounts.data]);
  const byId = useMemo(() => new Map(all.map((a) => [a.enterprise_account_id, a])), [all]);
  const rows = useMemo(() => filterSelectorAccounts(all, filter), [all, filter]);
  const selected = useMemo(() => new Set(value), [value]);

  // TanStack Virtual hands back functions the React compiler cannot memoize; that is expected here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
  });

  const handleToggle = useCallback(
    (id: number, checked: boolean) => {
      const ids = checked ? [...value, id] : value.filter((v) => v !== id);
      onChange(
        ids,
        ids.flatMap((v) => byId.get(v) ?? []),
      );
    },
    [value, onChange, byId],
  );

  // One tooltip for the whole list, moved to the disabled row under the pointer: a Tooltip per row
  // made opening the selector several times slower.
  const handleHover = (event: MouseEvent<HTMLDivElement>) => {
    const row = (event.target as Element).closest<HTMLElement>('[data-tooltip]');
    const text = row?.dataset.tooltip;
    const top = Number(row?.dataset.top);
    setTip((current) => (!text ? null : current?.text === text && current.top === top ? current : { text, top }));
  };

  return (
    <div ref={scrollRef} className={styles.list}>
      {accounts.isLoading ? (
        <Spin style={{ display: 'block', marginTop: 80 }} />
      ) : rows.length === 0 ? (
        <Empty style={{ marginTop: 80 }} description={Msg.noData} />
      ) : (
        <div
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
          onMouseOver={handleHover}
          onMouseLeave={() => setTip(null)}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const account = rows[item.index];
            if (!account) {
              return null;
            }
            const rule = accountSelectability(account, { imageClip });
            return (
              <SelectorRow
                key={account.enterprise_account_id}
                account={account}
                top={item.start}
                selectable={rule.selectable}
                tooltip={rule.tooltip}
                checked={selected.has(account.enterprise_account_id)}
                onToggle={handleToggle}
              />
            );
          })}
          {/* Beside the row, not above it: a tooltip on top hid the row before it. Mounted on the first
              hover, so its styles are not injected while the list first renders. */}
          {tip && (
            <Tooltip open title={tip.text} placement="right">
              <div className={styles.anchor} style={{ top: tip.top, height: ROW_HEIGHT }} />
            </Tooltip>
          )}
        </div>
      )}
    </div>
  );
}

interface SelectorRowProps {
  account: EnterpriseAccount;
  top: number;
  selectable: boolean;
  tooltip: string | null;
  checked: boolean;
  onToggle: (id: number, checked: boolean) => void;
}

/** One account of the selector; memoized so scrolling and hovering re-render only the rows that change. */
const SelectorRow = memo(function SelectorRow({
  account,
  top,
  selectable,
  tooltip,
  checked,
  onToggle,
}: SelectorRowProps) {
  const auth = cookieAuthLabel(account.cookie_auth_status);
  return (
    <label
      data-testid="selector-row"
      data-disabled={selectable ? undefined : 'true'}
      data-tooltip={tooltip ?? undefined}
      data-top={top}
      className={styles.row}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <LiteCheckbox
        disabled={!selectable}
        checked={checked}
        onChange={(event) => onToggle(account.enterprise_account_id, event.target.checked)}
      />
      <LiteAvatar src={account.avatar_larger || account.platform_logo_url} name={account.nickname} />
      <span className={styles.name}>
        {account.pid !== 0 && <LiteTag>子账号</LiteTag>}
        <span className={styles.nickname}>{account.nickname}</span>
        {account.remarks && <span className={styles.remarks}>{account.remarks}</span>}
      </span>
      <LiteTag>{account.platform_name}</LiteTag>
      <LiteTag color={auth.color}>{auth.label}</LiteTag>
    </label>
  );
});
