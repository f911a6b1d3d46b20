import { memo, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { accountAddBody, type EnterpriseAccount } from '@vidmatrix/contract/api/enterprise-account';
import { Msg } from '@vidmatrix/contract/messages';
import { canSetProxy } from '@vidmatrix/contract/rules/features';
import { useAccountGroups } from '../../../api/account/get-account-groups.ts';
import { usePlatforms } from '../../../api/account/get-platforms.ts';
import { getSelectorAccountsQueryOptions } from '../../../api/account/get-selector-accounts.ts';
import { useMemberInfo } from '../../../api/member/get-member-info.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useAddAccount, useEditAccount } from '../api/account-mutations.ts';

interface FormValues {
  nickname: string;
  platform_id?: number;
  remarks: string;
  group_id: number;
  ip_code: string;
  pid: number;
}

export interface AccountFormDialogProps {
  open: boolean;
  /** The account to edit; null adds one. */
  account: EnterpriseAccount | null;
  onClose: () => void;
}

/**
 * Add an account (nickname, platform, main account), or edit remarks, group and proxy. Memoized: its
 * form stays rendered while closed (forceRender) and need not follow every change of the page.
 */
export const AccountFormDialog = memo(function AccountFormDialog({ open, account, onClose }: AccountFormDialogProps) {
  const [form] = Form.useForm<FormValues>();
  const platforms = usePlatforms();
  const groups = useAccountGroups();
  const info = useMemberInfo();
  // 代理IP only when the member's is_ip flag allows proxies (§6); the server refuses one otherwise.
  const proxy = info.data ? canSetProxy(info.data) : false;
  // Subscribed only while adding: the form stays rendered, and the selector's copy of this list
  // would otherwise re-render it (800 options) whenever it loads.
  const mains = useQuery({
    ...getSelectorAccountsQueryOptions(),
    enabled: open && !account,
    subscribed: open && !account,
  });
  const add = useAddAccount();
  const edit = useEditAccount();
  const editing = account !== null;

  useEffect(() => {
    if (open) {
      form.setFieldsValue({
        nickname: account?.nickname ?? '',
        platform_id: account?.platform_id,
        remarks: account?.remarks ?? '',
        group_id: account?.group_id ?? 0,
        ip_code: account?.ip_code ?? '',
        pid: 0,
      });
    }
  }, [open, account, form]);

  const handleOk = async () => {
    const values = await form.validateFields();
    if (account) {
      await edit.mutateAsync({
        enterprise_account_id: account.enterprise_account_id,
        remarks: values.remarks,
        group_id: values.group_id,
        ...(proxy ? { ip_code: values.ip_code } : {}),
      });
      notifySuccess(Msg.updated);
    } else {
      await add.mutateAsync({ ...values, platform_id: values.platform_id ?? 0, ip_code: proxy ? values.ip_code : '' });
      notifySuccess(Msg.added);
    }
    onClose();
  };

  const groupOptions = [
    { value: 0, label: Msg.noGroup },
    ...(groups.data?.list ?? []).map((g) => ({ value: g.group_id, label: g.group_name })),
  ];
  const mainOptions = [
    { value: 0, label: '无（主账号）' },
    ...(mains.data?.list ?? [])
      .filter((a) => a.pid === 0)
      .map((a) => ({ value: a.enterprise_account_id, label: `${a.nickname}（${a.platform_name}）` })),
  ];

  return (
    <Modal
      open={open}
      title={editing ? '编辑账号' : '添加账号'}
      onCancel={onClose}
      onOk={() => {
        handleOk().catch(() => undefined);
      }}
      confirmLoading={add.isPending || edit.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<FormValues> form={form} layout="vertical" requiredMark={false} data-testid="account-form">
        <Form.Item label="昵称" name="nickname" rules={editing ? [] : [zodRule(accountAddBody.shape.nickname)]}>
          <Input disabled={editing} placeholder="账号昵称" />
        </Form.Item>
        <Form.Item
          label="平台"
          name="platform_id"
          rules={editing ? [] : [{ required: true, message: Msg.platformRequired }]}
        >
          <Select
            disabled={editing}
            placeholder="请选择平台"
            showSearch={{ optionFilterProp: 'label' }}
            options={(platforms.data?.list ?? []).map((p) => ({ value: p.platform_id, label: p.platform_name }))}
            data-testid="account-form-platform"
          />
        </Form.Item>
        {!editing && (
          <Form.Item label="所属主账号" name="pid">
            <Select options={mainOptions} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        )}
        <Form.Item label="备注" name="remarks">
          <Input maxLength={255} placeholder="备注" />
        </Form.Item>
        <Form.Item label="分组" name="group_id">
          <Select options={groupOptions} showSearch={{ optionFilterProp: 'label' }} data-testid="account-form-group" />
        </Form.Item>
        {proxy && (
          <Form.Item label="代理IP" name="ip_code">
            <Input maxLength={128} placeholder="例如 127.0.0.1:8080" data-testid="account-form-proxy" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
});
