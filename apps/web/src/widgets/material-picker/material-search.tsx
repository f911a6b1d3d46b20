import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Drawer, Input, Select } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { SourceType, type FileType, type Material, type MaterialSearchState } from '@vidmatrix/contract/api/material';
import { SEARCH_THROTTLE_MS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { pickSelection } from '@vidmatrix/contract/rules/upload';
import { useMaterialGroups } from '../../api/material/get-material-groups.ts';
import { useMaterialTags } from '../../api/material/get-material-tags.ts';
import { initialSearchState } from '../../api/material/get-materials.ts';
import { notifyError } from '../../lib/notify.ts';
import { useIsPhone } from '../../lib/use-media-query.ts';
import { useThrottledCallback } from '../../lib/use-throttled.ts';
import styles from './material.module.css';
import type { GridHeight } from './material-grid.tsx';
import { MaterialResults, SelectAllButton } from './material-results.tsx';
import { MediaPreview } from './media-preview.tsx';

export interface MaterialSearchProps {
  /** Picker mode: selection within `limit`, file_type image,video by default or only `fileType`. */
  picker?: { limit: number; fileType?: FileType };
  selection: Material[];
  onSelectionChange: (selection: Material[]) => void;
  /** Height of the card grid. */
  gridHeight: GridHeight;
  /** Buttons before 全选 and after it (the library page's 添加素材, 批量删除…, 添加分组…). */
  actionsBefore?: ReactNode;
  actionsAfter?: ReactNode;
  /** The actions show the selection count themselves (the phone's batch menu): no 已选 line of its own. */
  countInActions?: boolean;
  /** Shown between the toolbar and the transcode tip. */
  notice?: ReactNode;
  /** The cards' 编辑 and 删除 (the library page only). */
  onEdit?: (material: Material) => void;
  onDelete?: (material: Material) => void;
  /** Told the filters on screen whenever they change (the library page's export follows them). */
  onSearchStateChange?: (state: MaterialSearchState) => void;
  /** What an empty library shows while no filter is set (the library page's 上传素材). */
  empty?: ReactNode;
}

/**
 * The material list of SPEC §2.4 as the page and the picker share it: filters, 全选, the card grid
 * with its pager, and the preview. The library page adds its actions and dialogs around it.
 */
export function MaterialSearch({
  picker,
  selection,
  onSelectionChange: setSelection,
  gridHeight,
  actionsBefore,
  actionsAfter,
  countInActions = false,
  notice,
  onEdit,
  onDelete,
  onSearchStateChange,
  empty,
}: MaterialSearchProps) {
  const phone = useIsPhone();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [state, setState] = useState<MaterialSearchState>(() => ({
    ...initialSearchState(),
    file_type: picker?.fileType ?? '',
  }));
  const [nameInput, setNameInput] = useState('');
  const [preview, setPreview] = useState<Material | null>(null);
  const groups = useMaterialGroups();
  const tags = useMaterialTags();
  useEffect(() => onSearchStateChange?.(state), [state, onSearchStateChange]);
  const selectedIds = useMemo(() => new Set(selection.map((m) => m.file_id)), [selection]);

  const handlePageChange = useCallback(
    (page: number, limit: number) => setState((s) => ({ ...s, page: limit === s.limit ? page : 1, limit })),
    [],
  );
  const patch = (next: Partial<MaterialSearchState>) => setState((s) => ({ ...s, page: 1, ...next }));
  const search = useThrottledCallback((value: string) => patch({ search_value: value.trim() }), SEARCH_THROTTLE_MS);

  const handleToggle = (material: Material) => {
    if (!picker) {
      setSelection(
        selectedIds.has(material.file_id)
          ? selection.filter((m) => m.file_id !== material.file_id)
          : [...selection, material],
      );
      return;
    }
    const result = pickSelection(selection, material, picker.limit, (a, b) => a.file_id === b.file_id);
    if (result.error) {
      notifyError(result.error);
    }
    setSelection(result.selected);
  };

  const handleSelectAll = (list: Material[], allChosen: boolean) => {
    if (allChosen) {
      setSelection(selection.filter((m) => !list.some((l) => l.file_id === m.file_id)));
      return;
    }
    const extra = list.filter((m) => !selectedIds.has(m.file_id));
    const next = [...selection, ...extra];
    if (picker && next.length > picker.limit) {
      notifyError(Msg.overLimit);
      return;
    }
    setSelection(next);
  };

  // Stable card handlers reading the latest closures: memoized cards skip re-rendering on unrelated state.
  const latest = useRef({ toggle: handleToggle, edit: onEdit, remove: onDelete });
  useLayoutEffect(() => {
    latest.current = { toggle: handleToggle, edit: onEdit, remove: onDelete };
  });
  const cardHandlers = useMemo(
    () => ({
      onToggle: (material: Material) => latest.current.toggle(material),
      onEdit: (material: Material) => latest.current.edit?.(material),
      onDelete: (material: Material) => latest.current.remove?.(material),
    }),
    [],
  );
  const editable = onEdit !== undefined && onDelete !== undefined;

  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.group_id, label: g.group_name }));
  const tagOptions = (tags.data ?? []).map((t) => ({ value: t.tag_id, label: t.tag_name }));

  const defaultType = picker?.fileType ?? '';
  // Filters set beyond the defaults: counted on the phone's 筛选 button; none set lets an empty library say what it is for.
  const activeFilters = [
    state.file_type !== defaultType,
    state.source_type !== '',
    state.group_id !== '',
    state.tag_ids.length > 0,
    state.search_value !== '',
  ].filter(Boolean).length;
  const filters = (
    <>
      <Select
        aria-label="素材类型"
        style={{ width: 120 }}
        value={state.file_type}
        onChange={(file_type) => patch({ file_type })}
        options={[
          { value: '', label: '全部类型' },
          { value: 'image', label: '图片' },
          { value: 'video', label: '视频' },
          ...(picker ? [] : [{ value: 'audio' as const, label: '音频' }]),
        ].filter((option) => !picker?.fileType || option.value === picker.fileType)}
      />
      <Checkbox
        checked={state.source_type === SourceType.digitalHuman}
        onChange={(e) => patch({ source_type: e.target.checked ? SourceType.digitalHuman : '' })}
      >
        仅数字人
      </Checkbox>
      <Select
        aria-label="分组"
        style={{ width: 150 }}
        value={state.group_id}
        onChange={(group_id) => patch({ group_id })}
        options={[{ value: '' as const, label: '全部分组' }, ...groupOptions]}
      />
      <Select
        aria-label="标签"
        mode="multiple"
        allowClear
        placeholder="全部标签"
        style={{ minWidth: 180 }}
        value={state.tag_ids}
        onChange={(tag_ids) => patch({ tag_ids })}
        options={tagOptions}
        maxTagCount="responsive"
      />
      <Input.Search
        aria-label="素材名称"
        placeholder="搜索素材名称"
        allowClear
        style={{ width: 220 }}
        value={nameInput}
        onChange={(e) => {
          setNameInput(e.target.value);
          search(e.target.value);
        }}
        onSearch={(value) => patch({ search_value: value.trim() })}
      />
    </>
  );

  return (
    <div>
      {/* On a phone the filters wait in a drawer: four controls and the management buttons filled the first screen. */}
      {!phone && <div className={styles.toolbar}>{filters}</div>}
      <div className={styles.toolbar}>
        {phone && (
          <Button
            icon={<FilterOutlined aria-hidden />}
            onClick={() => setFiltersOpen(true)}
            data-testid="material-filters"
          >
            {activeFilters > 0 ? `筛选（${activeFilters}）` : '筛选'}
          </Button>
        )}
        {actionsBefore}
        <SelectAllButton
          state={state}
          picker={picker !== undefined}
          selectedIds={selectedIds}
          onClick={handleSelectAll}
        />
        {!phone && actionsAfter}
        {!countInActions && <span>已选 {selection.length} 个</span>}
      </div>
      {phone && (
        <Drawer
          title="筛选素材"
          placement="bottom"
          size="auto"
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          data-testid="material-filter-drawer"
        >
          <div className={styles.filterStack}>
            {filters}
            {actionsAfter && <div className={styles.toolbar}>{actionsAfter}</div>}
          </div>
        </Drawer>
      )}
      {notice}
      <Alert type="info" showIcon message={Msg.transcodeTip} style={{ marginBottom: 12 }} />
      <MaterialResults
        state={state}
        picker={picker !== undefined}
        selectedIds={selectedIds}
        gridHeight={gridHeight}
        onToggle={cardHandlers.onToggle}
        onPreview={setPreview}
        {...(editable ? { onEdit: cardHandlers.onEdit, onDelete: cardHandlers.onDelete } : {})}
        onPageChange={handlePageChange}
        empty={activeFilters === 0 ? empty : undefined}
      />
      <MediaPreview material={preview} onClose={() => setPreview(null)} />
    </div>
  );
}
