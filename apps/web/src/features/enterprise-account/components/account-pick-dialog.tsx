import { useState } from 'react';
import { Modal, Space, Switch, Typography } from 'antd';
import { Msg } from '@vidmatrix/contract/messages';
import { AccountSelector } from '../../../widgets/account-selector/account-selector.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';

/** Picks accounts with the shared selector (as publishing does), so a member can check who is usable. */
export function AccountPickDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [ids, setIds] = useState<number[]>([]);
  const [imageClip, setImageClip] = useState(false);
  const handleOk = () => {
    if (ids.length === 0) {
      notifyError(Msg.selectAccounts);
      return;
    }
    notifySuccess(`已选择 ${ids.length} 个账号`);
    onClose();
  };
  return (
    <Modal open={open} title="选择账号" width={760} onCancel={onClose} onOk={handleOk} destroyOnHidden>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">图文剪辑模式</Typography.Text>
        <Switch checked={imageClip} onChange={setImageClip} data-testid="image-clip-switch" />
      </Space>
      <AccountSelector value={ids} onChange={setIds} imageClip={imageClip} />
    </Modal>
  );
}
