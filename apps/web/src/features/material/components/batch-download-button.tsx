import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { MATERIAL_DOWNLOAD_NAME, MaterialDownloadApi } from '@vidmatrix/contract/api/material-download';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { batchDownloadLimit } from '@vidmatrix/contract/rules/features';
import { useMemberInfo } from '../../../api/member/get-member-info.ts';
import { downloadFile } from '../../../lib/download.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';

/**
 * 批量下载 (§6 is_batch_download): the selected materials as one zip, at most batch_download_max;
 * hidden when the member's level has no batch download. The server checks the same limits.
 */
export function BatchDownloadButton({ ids }: { ids: readonly number[] }) {
  const info = useMemberInfo();
  const [loading, setLoading] = useState(false);
  const limit = info.data ? batchDownloadLimit(info.data) : 0;
  if (limit === 0) {
    return null;
  }
  const handleClick = async () => {
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
  return (
    <Button
      icon={<DownloadOutlined aria-hidden />}
      loading={loading}
      onClick={() => void handleClick()}
      title={`一次最多下载${limit}个素材`}
      data-testid="material-batch-download"
    >
      批量下载
    </Button>
  );
}
