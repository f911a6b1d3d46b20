import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, DownOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import type { Material, MaterialSearchState } from '@vidmatrix/contract/api/material';
import { MATERIAL_DIALOG_WIDTH_PX } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { useMaterialGroups } from '../../../api/material/get-material-groups.ts';
import { getStorageInfoQueryOptions } from '../../../api/storage/get-storage-info.ts';
import { useMaterialTags } from '../../../api/material/get-material-tags.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useIsPhone } from '../../../lib/use-media-query.ts';
import { MaterialSearch } from '../../../widgets/material-picker/material-search.tsx';
import {
  useDeleteGroup,
  useDeleteMaterials,
  useDeleteTag,
  useEditMaterialGroup,
  useEditMaterialTags,
  useSaveGroup,
  useSaveTag,
} from '../api/material-mutations.ts';
import { BatchDownloadButton, useBatchDownload } from './batch-download-button.tsx';
import { MaterialFormDialog } from './material-form-dialog.tsx';
import { NameDialog, type NameDialogValue } from './name-dialog.tsx';
import type { PendingUpload } from './pending-uploads.ts';
import { PendingUploadsNotice } from './pending-uploads-notice.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import type { GridHeight } from '../../../widgets/material-picker/material-grid.tsx';

type Dialog =
  | { kind: 'form'; material: Material | null; resume?: readonly PendingUpload[] }
  | { kind: 'group' | 'tag'; id?: number; initial?: NameDialogValue }
  | { kind: 'batchGroup' | 'batchTag' | 'manage' }
  | null;

// The manage dialog's empty sections say how to fill them (the buttons sit beside 分组/标签管理).
const NO_GROUPS = '还没有分组，可点击「添加分组」创建';
const NO_TAGS = '还没有标签，可点击「添加标签」创建';

/** The material library of SPEC §2.4: the shared search and grid, with add, edit, delete, batch and group/tag dialogs. */
export function MaterialBrowser({
  gridHeight,
  onSearchStateChange,
}: {
  gridHeight: GridHeight;
  /** The filters on screen, for the page's export. */
  onSearchStateChange?: (state: MaterialSearchState) => void;
}) {
  const [selection, setSelection] = useState<Material[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [batchGroup, setBatchGroup] = useState<number | ''>('');
  const [batchTags, setBatchTags] = useState<number[]>([]);
  const queryClient = useQueryClient();
  const groups = useMaterialGroups();
  const tags = useMaterialTags();
  const removeMaterials = useDeleteMaterials();
  const editGroup = useEditMaterialGroup();
  const editTags = useEditMaterialTags();
  const saveGroup = useSaveGroup();
  const saveTag = useSaveTag();
  const deleteGroup = useDeleteGroup();
  const deleteTag = useDeleteTag();
  const phone = useIsPhone();
  const batchDownload = useBatchDownload(selection.map((m) => m.file_id));

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

  // SPEC §5.3: no free space, no add dialog (the freshest space, not the last poll's).
  const handleAdd = async () => {
    const info = await queryClient.fetchQuery({ ...getStorageInfoQueryOptions(), staleTime: 0 }).catch(() => null);
    if (info && info.space_free <= 0) {
      notifyError(Msg.spaceExceeded);
      return;
    }
    setDialog({ kind: 'form', material: null });
  };

  const requireSelection = (): number[] | null => {
    if (selection.length === 0) {
      notifyError(Msg.chooseMaterial);
      return null;
    }
    return selection.map((m) => m.file_id);
  };

  const handleBatch = (key: string) => {
    if (key === 'download') {
      void batchDownload.run();
      return;
    }
    const ids = requireSelection();
    if (!ids) {
      return;
    }
    if (key === 'delete') {
      confirmDelete(ids);
    } else {
      setDialog({ kind: key === 'group' ? 'batchGroup' : 'batchTag' });
    }
  };

  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.group_id, label: g.group_name }));
  const tagOptions = (tags.data ?? []).map((t) => ({ value: t.tag_id, label: t.tag_name }));

  return (
    <div>
      <MaterialSearch
        selection={selection}
        onSelectionChange={setSelection}
        gridHeight={gridHeight}
        onSearchStateChange={onSearchStateChange}
        onEdit={(material) => setDialog({ kind: 'form', material })}
        onDelete={(material) => confirmDelete([material.file_id])}
        empty={
          <EmptyState
            title="素材库存放您的图片、视频和音频"
            description="上传的素材可用于AI剪辑和批量发布；剪辑生成的视频也会自动存到这里。"
            action={
              <Button type="primary" onClick={() => void handleAdd()} data-testid="empty-add-material">
                上传素材
              </Button>
            }
          />
        }
        // On a phone the four batch buttons took three rows: they fold into one menu (issue 25).
        countInActions={phone}
        actionsBefore={
          <>
            <Button
              type="primary"
              // A phone's row holds 筛选, 添加, 批量 and 全选 only without the icon and the long label.
              icon={phone ? undefined : <PlusOutlined aria-hidden />}
              onClick={() => void handleAdd()}
              data-testid="material-add"
            >
              {phone ? '添加' : '添加素材'}
            </Button>
            {phone ? (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'delete', label: '批量删除', danger: true },
                    { key: 'group', label: '批量分组' },
                    { key: 'tag', label: '批量标签' },
                    ...(batchDownload.limit > 0 ? [{ key: 'download', label: '批量下载' }] : []),
                  ],
                  onClick: ({ key }) => handleBatch(key),
                }}
              >
                <Button loading={batchDownload.loading} data-testid="material-batch-menu">
                  批量({selection.length}) <DownOutlined aria-hidden />
                </Button>
              </Dropdown>
            ) : (
              <>
                <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => handleBatch('delete')}>
                  批量删除
                </Button>
                <Button onClick={() => handleBatch('group')}>批量分组</Button>
                <Button onClick={() => handleBatch('tag')}>批量标签</Button>
                <BatchDownloadButton download={batchDownload} />
              </>
            )}
          </>
        }
        actionsAfter={
          <>
            <Button onClick={() => setDialog({ kind: 'group' })}>添加分组</Button>
            <Button onClick={() => setDialog({ kind: 'tag' })}>添加标签</Button>
            <Button icon={<SettingOutlined aria-hidden />} onClick={() => setDialog({ kind: 'manage' })}>
              分组/标签管理
            </Button>
          </>
        }
        notice={
          // Uploads a reload interrupted: 继续上传 opens the add dialog with them.
          <PendingUploadsNotice
            hidden={dialog?.kind === 'form'}
            onContinue={(resume) => setDialog({ kind: 'form', material: null, resume })}
          />
        }
      />
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
          {groups.data?.length === 0 && <Typography.Text type="secondary">{NO_GROUPS}</Typography.Text>}
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
          {tags.data?.length === 0 && <Typography.Text type="secondary">{NO_TAGS}</Typography.Text>}
        </Space>
      </Modal>
    </div>
  );
}
