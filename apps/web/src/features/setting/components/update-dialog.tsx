import { useState } from 'react';
import { Button, Modal, Progress, Typography } from 'antd';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { Msg } from '@vidmatrix/contract/messages';
import { useNavigate } from 'react-router';
import { AntdProvider } from '../../../components/antd-provider.tsx';
import { getDesktop } from '../../../lib/desktop.ts';
import { notifyError } from '../../../lib/notify.ts';
import { formatProgressMb, progressPercent, useUpdateStore } from '../../../lib/update-store.ts';

/** The software-update dialog (SPEC §2.3): version, notes, 安装并重启, download progress in MB. */
function SoftwareUpdateDialog() {
  const navigate = useNavigate();
  const { phase, offer, transferredMb, totalMb, message, errorKind, dismiss, apply } = useUpdateStore();
  const [starting, setStarting] = useState(false);
  const desktop = getDesktop();
  const busy = phase === 'downloading' || phase === 'downloaded';

  const handleInstall = async () => {
    if (!desktop) {
      dismiss();
      void navigate(PublicPath.download);
      return;
    }
    setStarting(true);
    // The bar shows at once; the shell's progress events move it.
    apply({ type: 'progress', transferredMb: 0, totalMb });
    try {
      await desktop.installUpdate();
    } catch (error) {
      const msg = error instanceof Error ? error.message : String(error);
      apply({ type: 'error', kind: 'download', message: msg });
      notifyError(msg);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Modal
      open
      title="软件更新"
      centered
      maskClosable={false}
      closable={!busy}
      keyboard={!busy}
      onCancel={dismiss}
      footer={
        busy ? null : (
          <Button type="primary" loading={starting} onClick={() => void handleInstall()}>
            {desktop ? '安装并重启' : '前往下载'}
          </Button>
        )
      }
      data-testid="update-dialog"
    >
      <Typography.Paragraph strong>发现新版本：v{offer?.versionName}</Typography.Paragraph>
      <Typography.Paragraph style={{ whiteSpace: 'pre-line' }} data-testid="update-notes">
        {offer?.versionInfo || '暂无更新说明'}
      </Typography.Paragraph>
      {desktop ? (
        offer?.sizeMb ? (
          <Typography.Paragraph type="secondary">安装包大小：{offer.sizeMb.toFixed(1)} MB</Typography.Paragraph>
        ) : null
      ) : (
        <Typography.Paragraph type="secondary">请下载并安装最新版本的客户端。</Typography.Paragraph>
      )}
      {busy ? (
        <div data-testid="update-progress">
          <Progress
            percent={progressPercent(transferredMb, totalMb)}
            status={phase === 'downloaded' ? 'success' : 'active'}
          />
          <Typography.Text type="secondary">
            {phase === 'downloaded'
              ? '下载完成，正在安装并重启…'
              : `正在下载：${formatProgressMb(transferredMb, totalMb)}`}
          </Typography.Text>
        </div>
      ) : null}
      {phase === 'error' && errorKind === 'download' ? (
        <Typography.Paragraph type="danger" data-testid="update-error">
          {message}
        </Typography.Paragraph>
      ) : null}
    </Modal>
  );
}

/** The no-update dialog (SPEC §2.3): the current version is the latest. */
function LatestDialog() {
  const dismiss = useUpdateStore((s) => s.dismiss);
  return (
    <Modal
      open
      title="软件更新"
      centered
      onCancel={dismiss}
      footer={
        <Button type="primary" onClick={dismiss}>
          确定
        </Button>
      }
      data-testid="latest-dialog"
    >
      {Msg.latestVersion}
    </Modal>
  );
}

/** The update flow's dialogs, themed (the console shell itself carries no antd). */
export function UpdateDialog({ kind }: { kind: 'update' | 'latest' }) {
  return <AntdProvider>{kind === 'update' ? <SoftwareUpdateDialog /> : <LatestDialog />}</AntdProvider>;
}
