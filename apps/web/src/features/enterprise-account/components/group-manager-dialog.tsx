import { useState } from 'react';
import { Button, Input, List, Modal, Popconfirm, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { GROUP_NAME_MAX, validationMessage } from '@vidmatrix/contract/api/common';
import { accountGroupAddBody } from '@vidmatrix/contract/api/enterprise-account';
import { Msg } from '@vidmatrix/contract/messages';
import { useAccountGroups } from '../../../api/account/get-account-groups.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddGroup, useDeleteGroup, useRenameGroup } from '../api/account-mutations.ts';

/** The first validation message of a group name, or null when it is fine. */
function groupNameProblem(name: string): string | null {
  const result = accountGroupAddBody.shape.group_name.safeParse(name);
  return result.success ? null : validationMessage(result.error.issues);
}

/** Add, rename and delete account groups; a deleted group's accounts move to no group. */
export function GroupManagerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const groups = useAccountGroups();
  const add = useAddGroup();
  const rename = useRenameGroup();
  const remove = useDeleteGroup();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);

  const handleAdd = () => {
    const problem = groupNameProblem(name);
    if (problem) {
      notifyError(problem);
      return;
    }
    add.mutate(name.trim(), {
      onSuccess: () => {
        notifySuccess(Msg.added);
        setName('');
      },
    });
  };

  const handleRename = () => {
    if (!editing) {
      return;
    }
    const problem = groupNameProblem(editing.name);
    if (problem) {
      notifyError(problem);
      return;
    }
    rename.mutate(
      { group_id: editing.id, group_name: editing.name.trim() },
      {
        onSuccess: () => {
          notifySuccess(Msg.updated);
          setEditing(null);
        },
      },
    );
  };

  return (
    <Modal open={open} title="分组管理" onCancel={onClose} footer={null} width={560} destroyOnHidden>
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Input
          placeholder={Msg.groupNameRequired}
          value={name}
          maxLength={GROUP_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={handleAdd}
          data-testid="group-name-input"
        />
        <Button type="primary" loading={add.isPending} onClick={handleAdd} data-testid="group-add">
          添加分组
        </Button>
      </Space.Compact>
      <List
        bordered
        loading={groups.isLoading}
        dataSource={groups.data?.list ?? []}
        locale={{ emptyText: Msg.noData }}
        data-testid="group-list"
        renderItem={(group) => (
          <List.Item
            actions={
              editing?.id === group.group_id
                ? [
                    <Button key="save" type="link" size="small" onClick={handleRename} data-testid="group-save">
                      保存
                    </Button>,
                    <Button key="cancel" type="link" size="small" onClick={() => setEditing(null)}>
                      取消
                    </Button>,
                  ]
                : [
                    <Button
                      key="edit"
                      type="link"
                      size="small"
                      icon={<EditOutlined aria-hidden />}
                      aria-label={`重命名 ${group.group_name}`}
                      onClick={() => setEditing({ id: group.group_id, name: group.group_name })}
                    />,
                    <Popconfirm
                      key="delete"
                      title={Msg.groupDeleteConfirm}
                      okText="删除"
                      cancelText="取消"
                      onConfirm={() => remove.mutateAsync(group.group_id).then(() => notifySuccess(Msg.deleted))}
                    >
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={`删除 ${group.group_name}`}
                      />
                    </Popconfirm>,
                  ]
            }
          >
            {editing?.id === group.group_id ? (
              <Input
                value={editing.name}
                maxLength={GROUP_NAME_MAX}
                autoFocus
                onChange={(event) => setEditing({ id: group.group_id, name: event.target.value })}
                onPressEnter={handleRename}
                data-testid="group-rename-input"
              />
            ) : (
              <Space>
                <Typography.Text>{group.group_name}</Typography.Text>
                <Typography.Text type="secondary">{group.account_count} 个账号</Typography.Text>
              </Space>
            )}
          </List.Item>
        )}
      />
    </Modal>
  );
}
