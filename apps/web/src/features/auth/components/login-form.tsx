import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { clientPlatform } from '../../../lib/desktop.ts';
import { useHydrated } from '../../../lib/hydration.ts';
import { safeRedirect } from '../../../lib/paths.ts';
import { useCaptcha } from '../api/get-captcha.ts';
import { login, needsCaptcha } from '../api/login.ts';
import { checkLogin, type LoginField } from './auth-checks.ts';
import { AuthField, FormFailure, SubmitButton } from './auth-field.tsx';
import styles from './auth-form.module.css';
import { CaptchaField } from './captcha-field.tsx';
import { LockIcon, UserIcon } from './field-icons.tsx';
import { failureText, useFieldErrors } from './use-field-errors.ts';

const FIELDS: readonly LoginField[] = ['account', 'password', 'captcha_code'];

/**
 * Account and password sign-in; a captcha appears when the server asks for one. Plain elements, no antd:
 * /homeLogin is pre-rendered and within 120 KB gzip of JS (issue 12); /login uses it too.
 */
export function LoginForm() {
  const ready = useHydrated();
  const [captchaOn, setCaptchaOn] = useState(false);
  const captcha = useCaptcha(captchaOn);
  const { errors, checkAll, handleInput } = useFieldErrors(FIELDS, (values) => checkLogin(values, captchaOn));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = checkAll(form);
    if (!values || busy) {
      return;
    }
    const account = values.account.trim();
    setBusy(true);
    setFailure(null);
    try {
      const tokens = await login({
        account,
        password: values.password,
        captcha_id: captchaOn ? (captcha.data?.captcha_id ?? '') : '',
        captcha_code: captchaOn ? values.captcha_code.trim() : '',
        platform: clientPlatform(),
      });
      // The session half (TanStack Query's cache among it) loads only now, off the public page's budget.
      const { saveLogin } = await import('../../../lib/session.ts');
      saveLogin(tokens, account);
      void navigate(safeRedirect(params.get('redirect'), PublicPath.dashboard), { replace: true });
    } catch (error) {
      setBusy(false);
      setFailure(failureText(error));
      if (needsCaptcha(error)) {
        const input = form.elements.namedItem('captcha_code');
        if (input instanceof HTMLInputElement) {
          input.value = '';
        }
        // A used or wrong captcha is void: draw a new one.
        if (captchaOn) {
          captcha.refresh();
        } else {
          setCaptchaOn(true);
        }
      }
    }
  };

  return (
    <form
      className={styles.form}
      method="post"
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      onInput={handleInput}
    >
      <AuthField
        name="account"
        label="账号"
        icon={<UserIcon />}
        placeholder="请输入账号"
        autoComplete="username"
        error={errors.account}
      />
      <AuthField
        name="password"
        label="密码"
        type="password"
        icon={<LockIcon />}
        placeholder="请输入密码"
        autoComplete="current-password"
        error={errors.password}
      />
      {captchaOn ? <CaptchaField captcha={captcha} error={errors.captcha_code} /> : null}
      <FormFailure message={failure} />
      <SubmitButton busy={busy} ready={ready}>
        登录
      </SubmitButton>
      <div className={styles.footer}>
        <span>还没有账号？</span>
        <Link to={PublicPath.register}>免费注册</Link>
      </div>
    </form>
  );
}
