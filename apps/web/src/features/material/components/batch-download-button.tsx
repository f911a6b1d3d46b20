import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { MATERIAL_DOWNLOAD_NAME, MaterialDownloadApi } from '@vidmatrix/contract/api/material-download';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { batchDownloadLimit } from '@vidmatrix/contract/rules/features';
import { useMemberInfo } from '../../../api/member/get-member-info.ts';
import { downloadFile } from '../../../lib/download.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';

/** 批量下载's state: the level's limit (0: the level has none), whether a download runs, and run(). */
export interface BatchDownload {
  limit: number;
  loading: boolean;
  run: () => Promise<void>;
}

/**
 * 批量下载 (§6 is_batch_download): the selected materials as one zip, at most batch_download_max. The
 * server checks the same limits. The page shows it as a button, or on a phone as an item of the batch menu.
 */
export function useBatchDownload(ids: readonly number[]): BatchDownload {
  const info = useMemberInfo();
  const [loading, setLoading] = useState(false);
  const limit = info.data ? batchDownloadLimit(info.data) : 0;
  const run = async () => {
    if (ids.length === 0) {
      notifyError(Msg.chooseMaterial);
      return;
    }
    if (ids.length > limit) {
      notifyError(fillMsg(Msg.batchDownloadTooMany, { n: limit }));
      return;
    }
    setLoading(true);
    try {
      await downloadFile(MaterialDownloadApi.batchDownload, MATERIAL_DOWNLOAD_NAME, { ids: ids.join(',') });
      notifySuccess(Msg.downloaded);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : Msg.serverError);
    } finally {
      setLoading(false);
    }
  };
  return { limit, loading, run };
}

/** The 批量下载 button; hidden when the member's level has no batch download. */
export function BatchDownloadButton({ download }: { download: BatchDownload }) {
  if (download.limit === 0) {
    return null;
  }
  return (
    <Button
      icon={<DownloadOutlined aria-hidden />}
      loading={download.loading}
      onClick={() => void download.run()}
      title={`一次最多下载${download.limit}个素材`}
      data-testid="material-batch-download"
    >
      批量下载
    </Button>
  );
}
