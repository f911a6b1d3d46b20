import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { Msg } from '@vidmatrix/contract/messages';
import { clientPlatform } from '../../../lib/desktop.ts';
import { safeRedirect } from '../../../lib/paths.ts';
import { saveLogin } from '../../../lib/session.ts';
import { useCaptcha } from '../api/get-captcha.ts';
import { needsCaptcha, useLogin } from '../api/login.ts';
import styles from './auth-form.module.css';
import { CaptchaField } from './captcha-field.tsx';

interface LoginValues {
  account: string;
  password: string;
  captcha_code?: string;
}

/** Account and password sign-in; a captcha appears when the server asks for one. */
export function LoginForm() {
  const [form] = Form.useForm<LoginValues>();
  const [captchaOn, setCaptchaOn] = useState(false);
  const captcha = useCaptcha('login', captchaOn);
  const loginMutation = useLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const handleFinish = (values: LoginValues) => {
    const account = values.account.trim();
    loginMutation.mutate(
      {
        account,
        password: values.password,
        captcha_id: captchaOn ? (captcha.data?.captcha_id ?? '') : '',
        captcha_code: captchaOn ? (values.captcha_code?.trim() ?? '') : '',
        platform: clientPlatform(),
      },
      {
        onSuccess: (tokens) => {
          saveLogin(tokens, account);
          void navigate(safeRedirect(params.get('redirect'), PublicPath.dashboard), { replace: true });
        },
        onError: (error) => {
          if (!needsCaptcha(error)) {
            return;
          }
          form.setFieldValue('captcha_code', '');
          // A used or wrong captcha is void: draw a new one.
          if (captchaOn) {
            void captcha.refetch();
          } else {
            setCaptchaOn(true);
          }
        },
      },
    );
  };

  return (
    <Form<LoginValues> form={form} layout="vertical" size="large" onFinish={handleFinish} requiredMark={false}>
      <Form.Item name="account" rules={[{ required: true, whitespace: true, message: Msg.accountRequired }]}>
        <Input prefix={<UserOutlined />} placeholder="请输入账号" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: Msg.passwordRequired }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
      </Form.Item>
      {captchaOn ? <CaptchaField captcha={captcha.data} onRefresh={() => void captcha.refetch()} /> : null}
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={loginMutation.isPending}>
          登录
        </Button>
      </Form.Item>
      <div className={styles.footer}>
        <span>还没有账号？</span>
        <Link to={PublicPath.register}>免费注册</Link>
      </div>
    </Form>
  );
}
