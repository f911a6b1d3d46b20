import { useState } from 'react';
import { Modal, Space, Switch, Typography } from 'antd';
import { Msg } from '@vidmatrix/contract/messages';
import { AccountSelector } from '../../../widgets/account-selector/account-selector.tsx';
import { notifyError } from '../../../lib/notify.ts';

export interface AccountPickDialogProps {
  /** The page's selection when the dialog opens. */
  initial: number[];
  /** The accounts chosen here become the page's selection, for its batch actions. */
  onPicked: (ids: number[]) => void;
  onClose: () => void;
}

/**
 * Picks accounts with the shared selector (as publishing does) across platforms and groups; only
 * usable accounts can be ticked, and the choice becomes the page's selection (批量移动分组, 批量删除).
 * Mounted while open, so each opening starts from the page's selection.
 */
export function AccountPickDialog({ initial, onPicked, onClose }: AccountPickDialogProps) {
  const [ids, setIds] = useState<number[]>(initial);
  const [imageClip, setImageClip] = useState(false);
  const handleOk = () => {
    if (ids.length === 0) {
      notifyError(Msg.selectAccounts);
      return;
    }
    onPicked(ids);
  };
  return (
    <Modal open title="选择账号" width={760} onCancel={onClose} onOk={handleOk} destroyOnHidden>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">图文剪辑模式</Typography.Text>
        <Switch checked={imageClip} onChange={setImageClip} data-testid="image-clip-switch" />
      </Space>
      <AccountSelector value={ids} onChange={setIds} imageClip={imageClip} />
    </Modal>
  );
}
