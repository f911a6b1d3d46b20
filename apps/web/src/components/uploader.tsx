import { useImperativeHandle, useLayoutEffect, useRef, type ReactNode, type Ref } from 'react';
import { Button, Space, Typography, Upload } from 'antd';
import ImgCrop from 'antd-img-crop';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { UploadedFile } from '@vidmatrix/contract/api/material';
import { GENERAL_UPLOAD_MAX_COUNT, GENERAL_UPLOAD_MAX_MB } from '@vidmatrix/contract/constants';
import { formatBytes } from '@vidmatrix/contract/rules/format';
import { checkGeneralUpload, GENERAL_IMAGE_EXTENSIONS } from '@vidmatrix/contract/rules/upload';
import { uploadGeneralFile } from '../api/material/upload-general-file.ts';
import { notifyError } from '../lib/notify.ts';

/** Crop ratios the uploader offers (SPEC §2.6). */
export const CROP_RATIOS = { wide: 1.6, classic: 4 / 3 } as const;

/** A kept file: the upload result plus the size shown beside its name. */
export type UploaderFile = UploadedFile & { size: number };

/** What a parent can do with the uploader besides the user's clicks. */
export interface UploaderHandle {
  /** Runs a file through the same path as a chosen one (checks, cropper, upload). */
  choose: (file: File) => void;
}

export interface UploaderProps {
  value: UploaderFile[];
  onChange: (files: UploaderFile[]) => void;
  /** Accepted extensions; jpg/png/jpeg by default (SPEC §5.2). */
  extensions?: readonly string[];
  /** MB; 100 by default. */
  maxSizeMb?: number;
  /** Files kept at most; 9 by default (1 replaces the file). */
  limit?: number;
  /** Crop images before upload at this ratio (gif refused). */
  cropAspect?: number;
  /** Called once a chosen file is done with: uploaded, refused, cropping cancelled or failed. */
  onSettled?: () => void;
  ref?: Ref<UploaderHandle>;
}

/**
 * The general uploader (SPEC §2.6, §5.2): validates, optionally crops, uploads through
 * file.File/add (multipart, type upl) and lists name and size with reselect and delete.
 */
export function Uploader({
  value,
  onChange,
  extensions = GENERAL_IMAGE_EXTENSIONS,
  maxSizeMb = GENERAL_UPLOAD_MAX_MB,
  limit = GENERAL_UPLOAD_MAX_COUNT,
  cropAspect,
  onSettled,
  ref,
}: UploaderProps) {
  const crop = cropAspect !== undefined;
  const host = useRef<HTMLDivElement>(null);
  // Uploads finish after later renders: they must add to the newest list, not the one they started with.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);

  useImperativeHandle(ref, () => ({
    choose: (file: File) => {
      const input = host.current?.querySelector<HTMLInputElement>('input[type=file]');
      if (!input) {
        onSettled?.();
        return;
      }
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
  }));

  /** `replacing`: the kept file a reselect swaps out (it does not count against the limit). */
  const verdictOf = (file: File, replacing: UploaderFile | undefined) =>
    checkGeneralUpload(
      { name: file.name, size: file.size },
      limit === 1 || replacing ? latest.current.length - 1 : latest.current.length,
      { extensions, maxSizeMb, maxCount: limit, crop },
    );

  const check = (file: File, replacing: UploaderFile | undefined) => {
    const verdict = verdictOf(file, replacing);
    if (verdict) {
      notifyError(verdict);
      onSettled?.();
    }
    return verdict;
  };

  const upload = async (file: File, replacing: UploaderFile | undefined) => {
    const result = await uploadGeneralFile(file);
    const kept = { ...result, size: file.size };
    const current = latest.current;
    const next =
      limit === 1
        ? [kept]
        : replacing && current.includes(replacing)
          ? current.map((f) => (f === replacing ? kept : f))
          : [...current, kept];
    latest.current = next;
    onChange(next);
  };

  const picker = (children: ReactNode, replacing?: UploaderFile) => {
    const control = (
      <Upload
        accept={extensions.map((ext) => `.${ext}`).join(',')}
        showUploadList={false}
        beforeUpload={(file) => (check(file, replacing) ? Upload.LIST_IGNORE : true)}
        customRequest={({ file, onSuccess, onError }) => {
          upload(file as File, replacing)
            .then(
              () => onSuccess?.({}),
              (error: unknown) => onError?.(error as Error),
            )
            .finally(() => onSettled?.());
        }}
      >
        {children}
      </Upload>
    );
    return crop ? (
      <ImgCrop
        aspect={cropAspect}
        modalTitle="裁剪图片"
        modalOk="确定"
        modalCancel="取消"
        onModalCancel={(resolve) => {
          resolve(Upload.LIST_IGNORE);
          onSettled?.();
        }}
        // A refused file skips the cropper; antd-img-crop then hands it to beforeUpload, which says why.
        beforeCrop={(file) => verdictOf(file, replacing) === null}
      >
        {control}
      </ImgCrop>
    ) : (
      control
    );
  };

  return (
    <div ref={host}>
      {picker(
        <Button icon={<UploadOutlined aria-hidden />}>
          {value.length > 0 && limit === 1 ? '重新选择' : '选择文件'}
        </Button>,
      )}
      {value.map((file) => (
        <div key={file.file_url} data-testid="uploader-item">
          <Space>
            <Typography.Text>{file.file_name}</Typography.Text>
            <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
            {limit > 1 &&
              picker(
                <Button type="link" size="small">
                  重新选择
                </Button>,
                file,
              )}
            <DeleteOutlined aria-label="删除" onClick={() => onChange(value.filter((f) => f !== file))} />
          </Space>
        </div>
      ))}
    </div>
  );
}
