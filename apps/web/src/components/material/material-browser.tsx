import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Input, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { SourceType, type FileType, type Material, type MaterialSearchState } from '@vidmatrix/contract/api/material';
import {
  MATERIAL_DEFAULT_PAGE_SIZE,
  MATERIAL_DIALOG_WIDTH_PX,
  SEARCH_THROTTLE_MS,
} from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { pickSelection } from '@vidmatrix/contract/rules/upload';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { MaterialFormDialog } from './material-form-dialog.tsx';
import {
  useDeleteGroup,
  useDeleteMaterials,
  useDeleteTag,
  useEditMaterialGroup,
  useEditMaterialTags,
  useMaterialGroups,
  useMaterialTags,
  useSaveGroup,
  useSaveTag,
} from './material-queries.ts';
import styles from './material.module.css';
import { MaterialResults, SelectAllButton } from './material-results.tsx';
import { MediaPreview } from './media-preview.tsx';
import { NameDialog, type NameDialogValue } from './name-dialog.tsx';
import type { PendingUpload } from './pending-uploads.ts';
import { PendingUploadsNotice } from './pending-uploads-notice.tsx';
import { useThrottledCallback } from './use-throttled.ts';

/** A fresh search state (SPEC §3), page size 16. */
export function initialSearchState(): MaterialSearchState {
  return {
    page: 1,
    limit: MATERIAL_DEFAULT_PAGE_SIZE,
    group_id: '',
    file_type: '',
    tag_ids: [],
    search_field: 'file_name',
    search_exp: 'like',
    source_type: '',
    search_value: '',
  };
}

type Dialog =
  | { kind: 'form'; material: Material | null; resume?: readonly PendingUpload[] }
  | { kind: 'group' | 'tag'; id?: number; initial?: NameDialogValue }
  | { kind: 'batchGroup' | 'batchTag' | 'manage' }
  | null;

export interface MaterialBrowserProps {
  /** Picker mode: no edit/delete, selection within `limit`, file_type image,video by default or only `fileType`. */
  picker?: { limit: number; selected: Material[]; onChange: (selected: Material[]) => void; fileType?: FileType };
  /** Height of the card grid. */
  gridHeight: number | string;
}

/** The material list of SPEC §2.4: filters, batch actions, the card grid, dialogs and previews. */
export function MaterialBrowser({ picker, gridHeight }: MaterialBrowserProps) {
  const [state, setState] = useState<MaterialSearchState>(() => ({
    ...initialSearchState(),
    file_type: picker?.fileType ?? '',
  }));
  const [nameInput, setNameInput] = useState('');
  const [ownSelection, setOwnSelection] = useState<Material[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [preview, setPreview] = useState<Material | null>(null);
  const [batchGroup, setBatchGroup] = useState<number | ''>('');
  const [batchTags, setBatchTags] = useState<number[]>([]);
  const groups = useMaterialGroups();
  const tags = useMaterialTags();
  const removeMaterials = useDeleteMaterials();
  const editGroup = useEditMaterialGroup();
  const editTags = useEditMaterialTags();
  const saveGroup = useSaveGroup();
  const saveTag = useSaveTag();
  const deleteGroup = useDeleteGroup();
  const deleteTag = useDeleteTag();

  const selection = picker ? picker.selected : ownSelection;
  const setSelection = picker ? picker.onChange : setOwnSelection;
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

  const confirmDelete = (ids: number[]) => {
    Modal.confirm({
      title: '提示',
      content: ids.length > 1 ? Msg.deleteMaterialsConfirm : Msg.deleteMaterialConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await removeMaterials.mutateAsync(ids);
        setSelection(selection.filter((m) => !ids.includes(m.file_id)));
        notifySuccess(Msg.deleted);
      },
    });
  };

  // Stable card handlers reading the latest closures: memoized cards skip re-rendering on unrelated state.
  const latest = useRef({ toggle: handleToggle, edit: (_: Material) => {}, remove: (_: Material) => {} });
  useLayoutEffect(() => {
    latest.current = {
      toggle: handleToggle,
      edit: (material) => setDialog({ kind: 'form', material }),
      remove: (material) => confirmDelete([material.file_id]),
    };
  });
  const cardHandlers = useMemo(
    () => ({
      onToggle: (material: Material) => latest.current.toggle(material),
      onPreview: setPreview,
      onEdit: (material: Material) => latest.current.edit(material),
      onDelete: (material: Material) => latest.current.remove(material),
    }),
    [],
  );

  const requireSelection = (): number[] | null => {
    if (selection.length === 0) {
      notifyError(Msg.chooseMaterial);
      return null;
    }
    return selection.map((m) => m.file_id);
  };

  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.group_id, label: g.group_name }));
  const tagOptions = (tags.data ?? []).map((t) => ({ value: t.tag_id, label: t.tag_name }));

  return (
    <div>
      <div className={styles.toolbar}>
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
      </div>
      <div className={styles.toolbar}>
        {!picker && (
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'form', material: null })}>
              添加素材
            </Button>
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() => {
                const ids = requireSelection();
                if (ids) {
                  confirmDelete(ids);
                }
              }}
            >
              批量删除
            </Button>
            <Button onClick={() => requireSelection() && setDialog({ kind: 'batchGroup' })}>批量分组</Button>
            <Button onClick={() => requireSelection() && setDialog({ kind: 'batchTag' })}>批量标签</Button>
          </>
        )}
        <SelectAllButton
          state={state}
          picker={picker !== undefined}
          selectedIds={selectedIds}
          onClick={handleSelectAll}
        />
        {!picker && (
          <>
            <Button onClick={() => setDialog({ kind: 'group' })}>添加分组</Button>
            <Button onClick={() => setDialog({ kind: 'tag' })}>添加标签</Button>
            <Button icon={<SettingOutlined />} onClick={() => setDialog({ kind: 'manage' })}>
              分组/标签管理
            </Button>
          </>
        )}
        <span>已选 {selection.length} 个</span>
      </div>
      {!picker && (
        // Uploads a reload interrupted: 继续上传 opens the add dialog with them.
        <PendingUploadsNotice
          hidden={dialog?.kind === 'form'}
          onContinue={(resume) => setDialog({ kind: 'form', material: null, resume })}
        />
      )}
      <Alert type="info" showIcon message={Msg.transcodeTip} style={{ marginBottom: 12 }} />
      <MaterialResults
        state={state}
        picker={picker !== undefined}
        selectedIds={selectedIds}
        gridHeight={gridHeight}
        onToggle={cardHandlers.onToggle}
        onPreview={cardHandlers.onPreview}
        {...(picker ? {} : { onEdit: cardHandlers.onEdit, onDelete: cardHandlers.onDelete })}
        onPageChange={handlePageChange}
      />

      <MediaPreview material={preview} onClose={() => setPreview(null)} />
      <MaterialFormDialog
        open={dialog?.kind === 'form'}
        material={dialog?.kind === 'form' ? dialog.material : null}
        resume={dialog?.kind === 'form' ? dialog.resume : undefined}
        onClose={() => setDialog(null)}
      />
      <NameDialog
        open={dialog?.kind === 'group'}
        title={dialog?.kind === 'group' && dialog.id ? '编辑分组' : '添加分组'}
        nameLabel="分组名称"
        requiredMsg={Msg.groupNameRequired}
        initial={dialog?.kind === 'group' ? dialog.initial : undefined}
        loading={saveGroup.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={(value) => {
          const id = dialog?.kind === 'group' ? dialog.id : undefined;
          void saveGroup
            .mutateAsync({ group_id: id, group_name: value.name, group_desc: value.desc ?? '' })
            .then(() => {
              notifySuccess(id ? Msg.updated : Msg.added);
              setDialog(null);
            });
        }}
      />
      <NameDialog
        open={dialog?.kind === 'tag'}
        title={dialog?.kind === 'tag' && dialog.id ? '编辑标签' : '添加标签'}
        nameLabel="标签名称"
        requiredMsg={Msg.tagNameRequired}
        initial={dialog?.kind === 'tag' ? dialog.initial : undefined}
        loading={saveTag.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={(value) => {
          const id = dialog?.kind === 'tag' ? dialog.id : undefined;
          void saveTag.mutateAsync({ tag_id: id, tag_name: value.name, tag_desc: value.desc ?? '' }).then(() => {
            notifySuccess(id ? Msg.updated : Msg.added);
            setDialog(null);
          });
        }}
      />
      <Modal
        open={dialog?.kind === 'batchGroup'}
        title="批量分组"
        width={MATERIAL_DIALOG_WIDTH_PX}
        onCancel={() => setDialog(null)}
        confirmLoading={editGroup.isPending}
        onOk={() =>
          void editGroup.mutateAsync({ ids: selection.map((m) => m.file_id), group_id: batchGroup }).then(() => {
            notifySuccess(Msg.updated);
            setDialog(null);
          })
        }
        destroyOnHidden
      >
        <Select
          aria-label="目标分组"
          style={{ width: '100%' }}
          value={batchGroup}
          onChange={setBatchGroup}
          showSearch={{ optionFilterProp: 'label' }}
          options={[{ value: '' as const, label: '不分组' }, ...groupOptions]}
        />
      </Modal>
      <Modal
        open={dialog?.kind === 'batchTag'}
        title="批量标签"
        width={MATERIAL_DIALOG_WIDTH_PX}
        onCancel={() => setDialog(null)}
        confirmLoading={editTags.isPending}
        onOk={() =>
          void editTags.mutateAsync({ ids: selection.map((m) => m.file_id), tag_ids: batchTags }).then(() => {
            notifySuccess(Msg.updated);
            setDialog(null);
          })
        }
        destroyOnHidden
      >
        <Select
          aria-label="目标标签"
          mode="multiple"
          style={{ width: '100%' }}
          value={batchTags}
          onChange={setBatchTags}
          showSearch={{ optionFilterProp: 'label' }}
          options={tagOptions}
          placeholder="请选择标签"
        />
      </Modal>
      <Modal
        open={dialog?.kind === 'manage'}
        title="分组/标签管理"
        width={MATERIAL_DIALOG_WIDTH_PX}
        footer={null}
        onCancel={() => setDialog(null)}
      >
        <h4>分组</h4>
        <Space wrap>
          {(groups.data ?? []).map((g) => (
            <Tag key={g.group_id} color="purple">
              <a
                onClick={() =>
                  setDialog({ kind: 'group', id: g.group_id, initial: { name: g.group_name, desc: g.group_desc } })
                }
              >
                {g.group_name}
              </a>{' '}
              <Popconfirm title="删除该分组？" onConfirm={() => void deleteGroup.mutateAsync(g.group_id)}>
                <DeleteOutlined aria-label={`删除分组${g.group_name}`} />
              </Popconfirm>
            </Tag>
          ))}
        </Space>
        <h4 style={{ marginTop: 16 }}>标签</h4>
        <Space wrap>
          {(tags.data ?? []).map((t) => (
            <Tag key={t.tag_id}>
              <a
                onClick={() =>
                  setDialog({ kind: 'tag', id: t.tag_id, initial: { name: t.tag_name, desc: t.tag_desc } })
                }
              >
                {t.tag_name}
              </a>{' '}
              <Popconfirm title="删除该标签？" onConfirm={() => void deleteTag.mutateAsync(t.tag_id)}>
                <DeleteOutlined aria-label={`删除标签${t.tag_name}`} />
              </Popconfirm>
            </Tag>
          ))}
        </Space>
      </Modal>
    </div>
  );
}
