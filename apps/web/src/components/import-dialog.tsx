import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Result, Space, Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { IMPORT_ERROR_FILE_NAME } from '@vidmatrix/contract/api/common';
import type { ImportResult } from '@vidmatrix/contract/api/enterprise-account';
import { IMPORT_DIALOG_WIDTH_PX, IMPORT_MAX_FILES, IMPORT_MAX_MB } from '@vidmatrix/contract/constants';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { downloadFile } from '../lib/download.ts';
import { notifyError } from '../lib/notify.ts';
import { RequestError } from '../lib/request.ts';

const ACCEPTED = ['.xls', '.xlsx'];
const MB = 1024 * 1024;

/** Why a chosen import file is refused (SPEC §5.3), or null when it is fine. */
export function importFileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!ACCEPTED.some((ext) => name.endsWith(ext))) {
    return Msg.unsupportedFormat;
  }
  if (file.size > IMPORT_MAX_MB * MB) {
    return fillMsg(Msg.fileTooLarge, { n: IMPORT_MAX_MB });
  }
  return null;
}

export interface ImportDialogProps {
  open: boolean;
  title: string;
  /** Sends the chosen file: the feature's fetcher, which names the contract's path. */
  upload: (file: File) => Promise<ImportResult>;
  /** Downloads the import template (the feature's fetcher). */
  downloadTemplate: () => Promise<void>;
  /** Lines of the instructions panel. */
  instructions: ReactNode[];
  onClose: () => void;
  /** Called after an import with importStatus 1. */
  onImported?: (result: ImportResult) => void;
}

/**
 * The Excel import dialog of SPEC §2.5 (IMPORT_DIALOG_WIDTH_PX): instructions with the template link,
 * one .xls/.xlsx file of at most IMPORT_MAX_MB. importStatus 1 closes it and shows the summary with
 * the failed-rows download; importStatus 0 shows errorMsg.
 */
export function ImportDialog(props: ImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const fileList: UploadFile[] = file ? [{ uid: 'import', name: file.name, size: file.size, status: 'done' }] : [];

  const handleClose = () => {
    setFile(null);
    props.onClose();
  };

  const handleImport = async () => {
    if (!file) {
      notifyError(Msg.importFileRequired);
      return;
    }
    setUploading(true);
    try {
      const answer = await props.upload(file);
      if (answer.importStatus === 1) {
        handleClose();
        setResult(answer);
        props.onImported?.(answer);
      } else {
        notifyError(answer.errorMsg);
      }
    } catch (error) {
      // The request layer already showed server and transport errors.
      if (!(error instanceof RequestError)) {
        throw error;
      }
    } finally {
      setUploading(false);
    }
  };

  const handleTemplate = () => {
    props
      .downloadTemplate()
      .catch((error: unknown) => notifyError(error instanceof Error ? error.message : Msg.serverError));
  };

  return (
    <>
      <Modal
        open={props.open}
        title={props.title}
        width={IMPORT_DIALOG_WIDTH_PX}
        onCancel={handleClose}
        destroyOnHidden
        footer={
          <Space>
            <Button onClick={handleClose}>取消</Button>
            <Button type="primary" loading={uploading} onClick={handleImport} data-testid="import-submit">
              导入
            </Button>
          </Space>
        }
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="导入说明"
          description={
            <ol style={{ margin: 0, paddingLeft: 20 }}>
              <li>
                请先
                <Button type="link" size="small" onClick={handleTemplate} data-testid="import-template">
                  下载导入模板
                </Button>
                ，按模板填写后上传。
              </li>
              {props.instructions.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
              <li>
                仅支持 .xls、.xlsx 格式，一次上传 {IMPORT_MAX_FILES} 个文件，大小不超过 {IMPORT_MAX_MB}MB。
              </li>
            </ol>
          }
        />
        <Upload.Dragger
          accept={ACCEPTED.join(',')}
          maxCount={IMPORT_MAX_FILES}
          fileList={fileList}
          beforeUpload={(chosen) => {
            const problem = importFileProblem(chosen);
            if (problem) {
              notifyError(problem);
            } else {
              setFile(chosen);
            }
            // Never upload on choose: the import button sends the file.
            return Upload.LIST_IGNORE;
          }}
          onRemove={() => setFile(null)}
          data-testid="import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">点击或拖拽文件到此处上传</p>
          <p className="ant-upload-hint">.xls / .xlsx，不超过 {IMPORT_MAX_MB}MB</p>
        </Upload.Dragger>
      </Modal>
      <ImportSummary result={result} onClose={() => setResult(null)} />
    </>
  );
}

/** The result of a completed import: counts, and the failed rows to download when any failed. */
function ImportSummary({ result, onClose }: { result: ImportResult | null; onClose: () => void }) {
  const handleDownload = () => {
    if (result?.errorFileURL) {
      downloadFile(result.errorFileURL, IMPORT_ERROR_FILE_NAME).catch((error: unknown) =>
        notifyError(error instanceof Error ? error.message : Msg.serverError),
      );
    }
  };
  return (
    <Modal open={result !== null} footer={null} onCancel={onClose} width={520} destroyOnHidden>
      {result && (
        <Result
          status={result.failCount > 0 ? 'warning' : 'success'}
          title={fillMsg(Msg.importSummary, {
            add: result.addCount,
            update: result.updateCount,
            fail: result.failCount,
          })}
          subTitle={result.failCount > 0 ? Msg.importFailedHint : undefined}
          extra={
            <Space>
              {result.errorFileURL && (
                <Button type="link" onClick={handleDownload} data-testid="import-failed-download">
                  {Msg.importFailedDownload}
                </Button>
              )}
              <Button type="primary" onClick={onClose}>
                确定
              </Button>
            </Space>
          }
          data-testid="import-summary"
        />
      )}
    </Modal>
  );
}
