import type { ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { changePasswordBody } from '@vidmatrix/contract/api/auth';
import { Msg } from '@vidmatrix/contract/messages';
import { useChangePassword } from '../../api/member/change-password.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { zodRule } from '../../lib/zod-rule.ts';

interface PasswordValues {
  old_password: string;
  new_password: string;
  confirm: string;
}

/**
 * The password change form (/setting and /userCenter): old, new and confirmed password, checked by
 * the contract's rules; `onChanged` runs after the server took it.
 */
export function PasswordForm(props: { onChanged?: () => void; hint?: ReactNode }) {
  const [form] = Form.useForm<PasswordValues>();
  const mutation = useChangePassword();

  const handleFinish = (values: PasswordValues) => {
    mutation.mutate(
      { old_password: values.old_password, new_password: values.new_password },
      {
        onSuccess: () => {
          notifySuccess(Msg.updated);
          form.resetFields();
          props.onChanged?.();
        },
      },
    );
  };

  return (
    <Form<PasswordValues> form={form} layout="vertical" onFinish={handleFinish} requiredMark={false}>
      <Form.Item
        label="原密码"
        name="old_password"
        rules={[{ required: true, message: Msg.passwordRequired }, zodRule(changePasswordBody.shape.old_password)]}
      >
        <Input.Password
          prefix={<LockOutlined aria-hidden />}
          placeholder="请输入原密码"
          autoComplete="current-password"
        />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="new_password"
        rules={[{ required: true, message: Msg.passwordRequired }, zodRule(changePasswordBody.shape.new_password)]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} placeholder="6-64位新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['new_password']}
        rules={[
          { required: true, message: Msg.passwordRequired },
          ({ getFieldValue }) => ({
            validator: (_rule, value: unknown) =>
              value && value !== getFieldValue('new_password')
                ? Promise.reject(new Error(Msg.passwordMismatch))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined aria-hidden />}
          placeholder="再次输入新密码"
          autoComplete="new-password"
        />
      </Form.Item>
      {props.hint}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          确认修改
        </Button>
      </Form.Item>
    </Form>
  );
}
