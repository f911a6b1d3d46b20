import { useState } from 'react';
import { Modal, Select } from 'antd';
import { Msg } from '@vidmatrix/contract/messages';
import { useAccountGroups } from '../../../api/account/get-account-groups.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useMoveAccounts } from '../api/account-mutations.ts';

/** Moves the selected accounts into one group (or to no group). */
export function MoveGroupDialog({
  ids,
  open,
  onClose,
}: {
  ids: number[];
  open: boolean;
  onClose: (moved: boolean) => void;
}) {
  const groups = useAccountGroups();
  const move = useMoveAccounts();
  const [groupId, setGroupId] = useState(0);
  const handleOk = () => {
    move.mutate(
      { ids, group_id: groupId },
      {
        onSuccess: () => {
          notifySuccess(Msg.updated);
          onClose(true);
        },
      },
    );
  };
  return (
    <Modal
      open={open}
      title={`移动 ${ids.length} 个账号到分组`}
      onCancel={() => onClose(false)}
      onOk={handleOk}
      confirmLoading={move.isPending}
      destroyOnHidden
    >
      <Select
        style={{ width: '100%' }}
        value={groupId}
        onChange={setGroupId}
        showSearch={{ optionFilterProp: 'label' }}
        data-testid="move-group-select"
        options={[
          { value: 0, label: Msg.noGroup },
          ...(groups.data?.list ?? []).map((g) => ({ value: g.group_id, label: g.group_name })),
        ]}
      />
    </Modal>
  );
}
