import { Link, useNavigate } from 'react-router';
import { Button, Form, Input } from 'antd';
import { LockOutlined, SmileOutlined, UserOutlined } from '@ant-design/icons';
import { accountName, password } from '@vidmatrix/contract/api/auth';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { Msg } from '@vidmatrix/contract/messages';
import { clientPlatform } from '../../../lib/desktop.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { saveLogin } from '../../../lib/session.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useCaptcha } from '../api/get-captcha.ts';
import { useRegister } from '../api/register.ts';
import styles from './auth-form.module.css';
import { CaptchaField } from './captcha-field.tsx';

interface RegisterValues {
  account: string;
  nickname?: string;
  password: string;
  confirm: string;
  captcha_code: string;
}

/** Sign-up with a captcha; success signs the new member in. */
export function RegisterForm() {
  const [form] = Form.useForm<RegisterValues>();
  const captcha = useCaptcha('register', true);
  const registerMutation = useRegister();
  const navigate = useNavigate();

  const handleFinish = (values: RegisterValues) => {
    const account = values.account.trim();
    registerMutation.mutate(
      {
        account,
        password: values.password,
        nickname: values.nickname?.trim() ?? '',
        captcha_id: captcha.data?.captcha_id ?? '',
        captcha_code: values.captcha_code.trim(),
        platform: clientPlatform(),
      },
      {
        onSuccess: (tokens) => {
          notifySuccess(Msg.registered);
          saveLogin(tokens, account);
          void navigate(PublicPath.dashboard, { replace: true });
        },
        onError: () => {
          // Each captcha is good for one attempt.
          form.setFieldValue('captcha_code', '');
          void captcha.refetch();
        },
      },
    );
  };

  return (
    <Form<RegisterValues> form={form} layout="vertical" size="large" onFinish={handleFinish} requiredMark={false}>
      <Form.Item name="account" rules={[{ required: true, message: Msg.accountRequired }, zodRule(accountName)]}>
        <Input prefix={<UserOutlined />} placeholder="账号：4-32位字母、数字或下划线" autoComplete="username" />
      </Form.Item>
      <Form.Item name="nickname">
        <Input prefix={<SmileOutlined />} placeholder="昵称（选填）" maxLength={32} />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: Msg.passwordRequired }, zodRule(password)]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码：6-64位" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: Msg.passwordRequired },
          ({ getFieldValue }) => ({
            validator: (_rule, value: unknown) =>
              value && value !== getFieldValue('password')
                ? Promise.reject(new Error(Msg.passwordMismatch))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="确认密码" autoComplete="new-password" />
      </Form.Item>
      <CaptchaField captcha={captcha.data} onRefresh={() => void captcha.refetch()} />
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={registerMutation.isPending}>
          注册
        </Button>
      </Form.Item>
      <div className={styles.footer}>
        <span>已有账号？</span>
        <Link to={PublicPath.homeLogin}>立即登录</Link>
      </div>
    </Form>
  );
}
