import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Code } from '@vidmatrix/contract/codes';
import { Msg } from '@vidmatrix/contract/messages';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { RequestError } from '../lib/request.ts';

export interface ExportButtonProps {
  /** Downloads the file: the feature's fetcher, which names the contract's path (a JSON answer rejects). */
  download: () => Promise<void>;
  /** Nothing to export: clicking says 暂无数据 (SPEC §5.1). */
  disabled?: boolean;
  children?: ReactNode;
}

/**
 * The export button of SPEC §2.3/§7: GETs the file as a blob (EXPORT_TIMEOUT_MS); a JSON answer with
 * code 0 shows its msg as a success, any other failure its msg as an error.
 */
export function ExportButton({ download, disabled = false, children = '导出' }: ExportButtonProps) {
  const [loading, setLoading] = useState(false);
  const handleClick = async () => {
    if (disabled) {
      notifyError(Msg.noData);
      return;
    }
    setLoading(true);
    try {
      await download();
      notifySuccess(Msg.downloaded);
    } catch (error) {
      const message = error instanceof Error ? error.message : Msg.serverError;
      if (error instanceof RequestError && error.kind === 'server' && error.code === Code.exportMessage) {
        notifySuccess(message);
      } else {
        notifyError(message);
      }
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={loading} onClick={handleClick} data-testid="export-button">
      {children}
    </Button>
  );
}
