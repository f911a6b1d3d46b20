import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Space } from 'antd';
import { formatBytes } from '@vidmatrix/contract/rules/format';
import { useSessionStore } from '../../../lib/session-store.ts';
import { readToken } from '../../../lib/storage-keys.ts';
import { discardPendingUploads, listPendingUploads, pendingUploadsKey, type PendingUpload } from './pending-uploads.ts';

/**
 * 「有 N 个未完成的上传」: the signed-in member's uploads kept in this browser and not finished, with
 * 继续上传 (hands them to `onContinue`, which opens the add dialog) and 放弃 (terminates and forgets them).
 */
export function PendingUploadsNotice(props: {
  /** While the add dialog is open (the notice stays mounted, so its list is not read again too early). */
  hidden: boolean;
  onContinue: (uploads: readonly PendingUpload[]) => void;
}) {
  const { hidden, onContinue } = props;
  const member = useSessionStore((s) => s.username);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: pendingUploadsKey(member),
    queryFn: () => listPendingUploads(member),
    enabled: member !== '',
    staleTime: 0,
    gcTime: 0,
  });
  const uploads = query.data ?? [];
  // Hidden at once: the dialog (or the discard) owns them now; the store is read again when it is done.
  const hide = () => queryClient.setQueryData(pendingUploadsKey(member), []);
  const handleContinue = () => {
    hide();
    onContinue(uploads);
  };
  const handleDiscard = () => {
    hide();
    void discardPendingUploads(uploads, readToken()).finally(() => void query.refetch());
  };
  if (hidden || uploads.length === 0) {
    return null;
  }
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="pending-uploads"
      style={{ marginBottom: 12 }}
      title={`有 ${uploads.length} 个未完成的上传`}
      description={`${uploads.map((u) => `${u.file.name}（${formatBytes(u.file.size)}）`).join('、')}：继续上传将从中断处接着上传，无需重新选择文件`}
      action={
        <Space>
          <Button type="primary" size="small" onClick={handleContinue}>
            继续上传
          </Button>
          <Popconfirm
            title="放弃后需重新选择文件上传，确定放弃？"
            okText="确定"
            cancelText="取消"
            onConfirm={handleDiscard}
          >
            <Button size="small">放弃</Button>
          </Popconfirm>
        </Space>
      }
    />
  );
}
