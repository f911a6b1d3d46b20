import { Button, Card, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { changePasswordBody } from '@vidmatrix/contract/api/auth';
import { Msg } from '@vidmatrix/contract/messages';
import { notifySuccess } from '../../../lib/notify.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useChangePassword } from '../../../api/member/change-password.ts';

interface PasswordValues {
  old_password: string;
  new_password: string;
  confirm: string;
}

/** /setting: change the password, with a confirmation field. */
export function ChangePasswordPage() {
  const [form] = Form.useForm<PasswordValues>();
  const mutation = useChangePassword();

  const handleFinish = (values: PasswordValues) => {
    mutation.mutate(
      { old_password: values.old_password, new_password: values.new_password },
      {
        onSuccess: () => {
          notifySuccess(Msg.updated);
          form.resetFields();
        },
      },
    );
  };

  return (
    <Card title="修改密码" variant="borderless" style={{ maxWidth: 560 }}>
      <Form<PasswordValues> form={form} layout="vertical" onFinish={handleFinish} requiredMark={false}>
        <Form.Item
          label="原密码"
          name="old_password"
          rules={[{ required: true, message: Msg.passwordRequired }, zodRule(changePasswordBody.shape.old_password)]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder="请输入原密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="new_password"
          rules={[{ required: true, message: Msg.passwordRequired }, zodRule(changePasswordBody.shape.new_password)]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder="6-64位新密码" autoComplete="new-password" />
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
          <Input.Password prefix={<LockOutlined />} placeholder="再次输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            确认修改
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
