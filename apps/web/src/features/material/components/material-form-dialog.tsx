import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Progress, Radio, Select, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import type { StorageInfo } from '@vidmatrix/contract/api/file-setting';
import type { FileType, Material } from '@vidmatrix/contract/api/material';
import { MATERIAL_DIALOG_WIDTH_PX } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { formatBytes } from '@vidmatrix/contract/rules/format';
import {
  cloudSelection,
  checkCloudUpload,
  checkMusicUpload,
  CLOUD_UPLOAD_EXTENSIONS,
  mediaKindOf,
  MUSIC_EXTENSIONS,
} from '@vidmatrix/contract/rules/upload';
import { useMaterialGroups } from '../../../api/material/get-material-groups.ts';
import { useMaterialTags } from '../../../api/material/get-material-tags.ts';
import { useStorageInfo } from '../../../api/storage/get-storage-info.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { readToken } from '../../../lib/storage-keys.ts';
import { deleteUploadedObjects, useAddMaterials, useEditMaterial } from '../api/material-mutations.ts';
import styles from './material-form-dialog.module.css';
import { discardPendingUploads, pendingUploadsKey, type PendingUpload } from './pending-uploads.ts';
import type { TusUploader, UploadItem } from './tus-uploader.ts';

interface FormValues {
  file_name: string;
  file_type: FileType;
  group_id?: number;
  tag_ids: number[];
  remark: string;
}

const EMPTY: FormValues = { file_name: '', file_type: 'image', group_id: undefined, tag_ids: [], remark: '' };
const ACCEPT = CLOUD_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');
// Background music takes mp3 and m4a only (SPEC §5.1).
const MUSIC_ACCEPT = MUSIC_EXTENSIONS.map((ext) => `.${ext}`).join(',');
const MUSIC_DEFAULTS: FormValues = { ...EMPTY, file_type: 'audio' };
/** A chosen file listed at once, while its uploader is still being made (Uppy loads on first use). */
interface PreparingFile {
  key: string;
  name: string;
  size: number;
}

const UNKEPT_HINT =
  '浏览器存储空间不足，未能在本机保存该文件：如上传中断，刷新页面后需重新选择该文件，才能从中断处继续上传';

/** The one media kind of the files chosen or continued, if they share one (it sets 素材类型). */
function kindOf(files: readonly { name: string }[] | undefined): FileType | undefined {
  const kinds = new Set(files?.map((file) => mediaKindOf(file.name)));
  const [kind] = kinds;
  return kinds.size === 1 ? kind : undefined;
}

/**
 * Add or edit a material (SPEC §4): add mode without id, edit mode with id. In add mode submit is
 * disabled until every upload is complete and reads 上传中 while submitting. Closing resets id,
 * files, tags, group, file type (image) and remark; cancelling after an upload deletes the objects.
 * Chosen files are kept in this browser until uploaded; `resume` continues kept ones on opening.
 */
export function MaterialFormDialog(props: {
  open: boolean;
  material: Material | null;
  onClose: () => void;
  /** Background-music mode: audio only, mp3/m4a files (not kept for continuing after a reload). */
  music?: boolean;
  /** Kept uploads interrupted by a reload: added on opening, continuing at the server's offset. */
  resume?: readonly PendingUpload[];
}) {
  const { open, material, onClose, music = false, resume } = props;
  const defaults = music ? MUSIC_DEFAULTS : EMPTY;
  const editing = material !== null;
  const member = useSessionStore((s) => s.username);
  const queryClient = useQueryClient();
  const resumeKind = kindOf(resume?.map((u) => u.file));
  const [form] = Form.useForm<FormValues>();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [preparing, setPreparing] = useState<PreparingFile[]>([]);
  const uploader = useRef<TusUploader | null>(null);
  const pending = useRef<Promise<TusUploader | null> | null>(null);
  /** The kept uploads this opening continued (once, however often effects run). */
  const resumed = useRef<readonly PendingUpload[] | null>(null);
  const settings = useStorageInfo(open);
  const groups = useMaterialGroups();
  const tags = useMaterialTags();
  const add = useAddMaterials();
  const edit = useEditMaterial();
  const submitting = add.isPending || edit.isPending;

  useEffect(() => {
    if (open) {
      form.setFieldsValue(
        material
          ? {
              file_name: material.file_name,
              file_type: material.file_type,
              group_id: material.group_id || undefined,
              tag_ids: material.tag_ids ? material.tag_ids.split(',').map(Number) : [],
              remark: material.remark,
            }
          : { ...defaults, ...(resumeKind ? { file_type: resumeKind } : {}) },
      );
    }
  }, [open, material, form, defaults, resumeKind]);

  useEffect(
    () => () => {
      uploader.current?.destroy();
      uploader.current = null;
      pending.current = null;
    },
    [],
  );

  // Several files chosen at once call this together: they must share one Uppy.
  const ensureUploader = (): Promise<TusUploader | null> => {
    pending.current ??= (async () => {
      const info = settings.data ?? (await settings.refetch()).data;
      if (!info) {
        pending.current = null;
        return null;
      }
      const { createTusUploader } = await import('./tus-uploader.ts');
      uploader.current = createTusUploader({
        endpoint: info.upload_endpoint,
        chunkSize: info.chunk_size,
        token: readToken(),
        member,
        keep: !music && member !== '',
        onChange: setItems,
        onError: notifyError,
      });
      return uploader.current;
    })();
    return pending.current;
  };

  const reset = () => {
    const closing = uploader.current;
    closing?.reset();
    closing?.destroy();
    if (closing) {
      // Once the closed uploads are settled in the store, the notice shows what is still kept.
      void closing.settled().then(() => queryClient.invalidateQueries({ queryKey: pendingUploadsKey(member) }));
    }
    resumed.current = null;
    uploader.current = null;
    pending.current = null;
    setItems([]);
    setPreparing([]);
    form.resetFields();
    form.setFieldsValue(defaults);
  };

  /** Takes an item off the list; an uploaded one gives its object and space back. */
  const removeItem = (item: UploadItem) => {
    if (item.url) {
      void deleteUploadedObjects([item.url]);
    }
    uploader.current?.remove(item.uid);
  };

  const handleClose = () => {
    const uploaded = items.filter((item) => item.url).map((item) => item.url);
    if (!editing && uploaded.length > 0) {
      void deleteUploadedObjects(uploaded); // a cancelled add gives the objects and space back
    }
    reset();
    onClose();
  };

  /**
   * Checks one file of a chosen batch (the whole batch is refused when it would pass the count limit)
   * and starts its upload, or continues the kept upload `from`; true when it started.
   */
  const select = async (
    file: File,
    batch: readonly File[],
    info: StorageInfo | undefined,
    from?: PendingUpload,
  ): Promise<boolean> => {
    const limit = info?.max_file_num ?? 1;
    const index = batch.indexOf(file);
    const selection = cloudSelection(items.length, batch.length, index, limit);
    if (selection.action === 'skip') {
      return false;
    }
    if (selection.action === 'refuse') {
      if (index <= 0) {
        notifyError(selection.verdict); // once per batch
      }
      return false;
    }
    const staying = selection.action === 'replace' ? [] : items;
    const before = batch.slice(0, Math.max(0, index)).reduce((sum, f) => sum + f.size, 0);
    const verdict =
      (info && info.space_free <= 0 ? Msg.spaceExceeded : null) ??
      (music ? checkMusicUpload({ name: file.name, size: file.size }) : null) ??
      checkCloudUpload(
        { name: file.name, size: file.size },
        {
          maxSizeMb: info?.max_size_mb,
          freeSpace: info ? info.space_free - staying.reduce((sum, i) => sum + i.size, 0) - before : undefined,
        },
      );
    if (verdict) {
      notifyError(verdict);
      return false;
    }
    if (selection.action === 'replace') {
      items.forEach(removeItem); // single-file mode: the new file takes the kept one's place (SPEC §5.1)
    }
    // Listed (and 确定 held) from the moment it is chosen, not only once Uppy has loaded and taken it.
    const entry: PreparingFile = {
      key: `${file.name}:${file.size}:${index}:${Date.now()}`,
      name: file.name,
      size: file.size,
    };
    setPreparing((list) => [...list, entry]);
    try {
      const up = await ensureUploader();
      up?.add(file, from);
      return up !== null;
    } finally {
      setPreparing((list) => list.filter((p) => p !== entry));
    }
  };

  const handleSelect = async (file: File, batch: File[]): Promise<boolean> => {
    // 素材类型 follows the files (the server stores the kind their content shows, whatever was ticked).
    const kind = kindOf(batch);
    if (kind && !music) {
      form.setFieldValue('file_type', kind);
    }
    await select(file, batch, settings.data);
    return false; // Uppy uploads it, not antd
  };

  const resumeUploads = useEffectEvent(async (uploads: readonly PendingUpload[]) => {
    const info = settings.data ?? (await settings.refetch()).data;
    if (!info) {
      return; // no settings, nothing started: the uploads stay kept and are offered again
    }
    const files = uploads.map((u) => u.file);
    const refused: PendingUpload[] = [];
    for (const upload of uploads) {
      if (resumed.current !== uploads) {
        return; // closed meanwhile: what is left stays kept
      }
      if (!(await select(upload.file, files, info, upload))) {
        refused.push(upload);
      }
    }
    // One the rules now refuse (say, the space is used up) is given up, as a failed upload is.
    await discardPendingUploads(refused, readToken());
  });
  useEffect(() => {
    if (open && !editing && resume?.length && resumed.current !== resume) {
      resumed.current = resume;
      void resumeUploads(resume);
    }
  }, [open, editing, resume]);

  const handleFinish = async (values: FormValues) => {
    if (editing) {
      await edit.mutateAsync({
        file_id: material.file_id,
        file_name: values.file_name,
        remark: values.remark ?? '',
        tag_ids: values.tag_ids ?? [],
        group_id: values.group_id ?? '',
      });
      notifySuccess(Msg.updated);
    } else {
      if (items.length === 0) {
        notifyError(Msg.fileRequired);
        return;
      }
      await add.mutateAsync({
        file_url: items.map((i) => i.url),
        file_name: items.map((i) => i.name.replace(/,/g, '，')),
        file_type: values.file_type,
        tag_ids: values.tag_ids ?? [],
        group_id: values.group_id ?? '',
        remark: values.remark ?? '',
      });
      notifySuccess(Msg.added);
      setItems([]);
    }
    reset();
    onClose();
  };

  const uploading = preparing.length > 0 || items.some((item) => item.progress < 100);
  return (
    <Modal
      open={open}
      title={editing ? '编辑素材' : music ? '上传音乐' : '添加素材'}
      width={MATERIAL_DIALOG_WIDTH_PX}
      onCancel={handleClose}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={handleClose}>取消</Button>
          <Button
            type="primary"
            loading={submitting}
            // Disabled from a file's choosing until its upload ends; with no file a click says 请上传文件 (SPEC §5.3).
            disabled={!editing && uploading}
            onClick={() => form.submit()}
          >
            {submitting ? '上传中' : '确定'}
          </Button>
        </Space>
      }
    >
      <Form form={form} labelCol={{ span: 3 }} onFinish={(values) => void handleFinish(values).catch(() => undefined)}>
        {editing ? (
          <Form.Item name="file_name" label="素材名称" rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={200} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="file_type" label="素材类型" hidden={music}>
              <Radio.Group
                options={[
                  { value: 'image', label: '图片' },
                  { value: 'video', label: '视频' },
                  { value: 'audio', label: '音频' },
                ]}
              />
            </Form.Item>
            <Form.Item label={music ? '音乐文件' : '素材文件'} required>
              <Upload.Dragger
                accept={music ? MUSIC_ACCEPT : ACCEPT}
                multiple
                showUploadList={false}
                beforeUpload={(file, batch) => handleSelect(file, batch)}
                data-testid="material-upload"
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined aria-hidden />
                </p>
                <p>点击或拖拽文件到此处上传</p>
                <Typography.Text type="secondary">
                  支持 {(music ? MUSIC_EXTENSIONS : CLOUD_UPLOAD_EXTENSIONS).join('、')}，单个文件不超过{' '}
                  {settings.data?.max_size_mb ?? 300}MB，最多 {settings.data?.max_file_num ?? '-'} 个
                </Typography.Text>
              </Upload.Dragger>
              <div className={styles.uploadList}>
                {items.map((item) => (
                  <div key={item.uid} data-testid="upload-item">
                    <Space>
                      <Typography.Text>{item.name}</Typography.Text>
                      <Typography.Text type="secondary">{formatBytes(item.size)}</Typography.Text>
                      <Typography.Text type="secondary" data-testid="upload-state">
                        {item.progress < 100 ? '上传中' : '已上传'}
                      </Typography.Text>
                      <DeleteOutlined aria-label="移除" onClick={() => removeItem(item)} />
                    </Space>
                    <Progress percent={item.progress} size="small" />
                    {item.unkept && item.progress < 100 && (
                      <Typography.Text type="warning" data-testid="upload-unkept">
                        {UNKEPT_HINT}
                      </Typography.Text>
                    )}
                  </div>
                ))}
                {preparing.map((file) => (
                  <div key={file.key} data-testid="upload-item">
                    <Space>
                      <Typography.Text>{file.name}</Typography.Text>
                      <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
                      <Typography.Text type="secondary" data-testid="upload-state">
                        准备上传
                      </Typography.Text>
                    </Space>
                    <Progress percent={0} size="small" />
                  </div>
                ))}
              </div>
            </Form.Item>
          </>
        )}
        <Form.Item name="group_id" label="分组">
          <Select
            allowClear
            placeholder="请选择分组"
            options={(groups.data ?? []).map((g) => ({ value: g.group_id, label: g.group_name }))}
          />
        </Form.Item>
        <Form.Item name="tag_ids" label="标签">
          <Select
            mode="multiple"
            allowClear
            placeholder="请选择标签"
            options={(tags.data ?? []).map((t) => ({ value: t.tag_id, label: t.tag_name }))}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
