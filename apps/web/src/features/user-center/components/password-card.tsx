import { Button, Card, Form, Input } from 'antd';
import { changePasswordBody } from '@vidmatrix/contract/api/auth';
import { Msg } from '@vidmatrix/contract/messages';
import { useChangePassword } from '../../../api/member/change-password.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useQueryClient } from '@tanstack/react-query';
import { getSessionsQueryOptions } from '../api/get-sessions.ts';
import styles from '../pages/user-center-page.module.css';

interface PasswordValues {
  old_password: string;
  new_password: string;
  confirm: string;
}

/** Password change; the server ends every other session, so the list reloads. */
export function PasswordCard() {
  const [form] = Form.useForm<PasswordValues>();
  const mutation = useChangePassword();
  const queryClient = useQueryClient();

  const handleFinish = (values: PasswordValues) => {
    mutation.mutate(
      { old_password: values.old_password, new_password: values.new_password },
      {
        onSuccess: () => {
          notifySuccess(Msg.updated);
          form.resetFields();
          void queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey });
        },
      },
    );
  };

  return (
    <Card title="修改密码" variant="borderless" className={styles.card}>
      <Form<PasswordValues> form={form} layout="vertical" onFinish={handleFinish} requiredMark={false}>
        <Form.Item
          label="原密码"
          name="old_password"
          rules={[{ required: true, message: Msg.passwordRequired }, zodRule(changePasswordBody.shape.old_password)]}
        >
          <Input.Password placeholder="请输入原密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="new_password"
          rules={[{ required: true, message: Msg.passwordRequired }, zodRule(changePasswordBody.shape.new_password)]}
        >
          <Input.Password placeholder="6-64位新密码" autoComplete="new-password" />
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
          <Input.Password placeholder="再次输入新密码" autoComplete="new-password" />
        </Form.Item>
        <p className={styles.hint}>修改密码后，其他设备上的登录将全部退出。</p>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          确认修改
        </Button>
      </Form>
    </Card>
  );
}
