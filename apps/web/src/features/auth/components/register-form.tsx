import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { AuthMsg as Msg } from '@vidmatrix/contract/messages-auth';
import { clientPlatform } from '../../../lib/desktop.ts';
import { useHydrated } from '../../../lib/hydration.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCaptcha } from '../api/get-captcha.ts';
import { register } from '../api/register.ts';
import { checkRegister, type RegisterField } from './auth-checks.ts';
import { AgreementField, AuthField, FormFailure, SubmitButton } from './auth-field.tsx';
import styles from './auth-form.module.css';
import { CaptchaField } from './captcha-field.tsx';
import { LockIcon, SmileIcon, UserIcon } from './field-icons.tsx';
import { failureText, useFieldErrors } from './use-field-errors.ts';

const FIELDS: readonly RegisterField[] = ['account', 'nickname', 'password', 'confirm', 'captcha_code', 'agree'];

/** Sign-up with a captcha; success signs the new member in. Plain elements, no antd (issue 12). */
export function RegisterForm() {
  const ready = useHydrated();
  const captcha = useCaptcha(true);
  const { errors, checkAll, handleInput } = useFieldErrors(FIELDS, checkRegister, { password: 'confirm' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();

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
      const tokens = await register({
        account,
        password: values.password,
        nickname: values.nickname.trim(),
        captcha_id: captcha.data?.captcha_id ?? '',
        captcha_code: values.captcha_code.trim(),
        platform: clientPlatform(),
      });
      const { saveLogin } = await import('../../../lib/session.ts');
      notifySuccess(Msg.registered);
      saveLogin(tokens, account);
      // Ticked above, so the console does not ask again; if this fails its policy panel asks instead.
      const { agreeToCurrent } = await import('../../../api/agreement/agreement-status.ts');
      await agreeToCurrent().catch(() => undefined);
      void navigate(PublicPath.dashboard, { replace: true });
    } catch (error) {
      setBusy(false);
      setFailure(failureText(error));
      // Each captcha is good for one attempt.
      const input = form.elements.namedItem('captcha_code');
      if (input instanceof HTMLInputElement) {
        input.value = '';
      }
      captcha.refresh();
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
        placeholder="账号：4-32位字母、数字或下划线"
        autoComplete="username"
        error={errors.account}
      />
      <AuthField
        name="nickname"
        label="昵称"
        icon={<SmileIcon />}
        placeholder="昵称（选填）"
        maxLength={32}
        error={undefined}
      />
      <AuthField
        name="password"
        label="密码"
        type="password"
        icon={<LockIcon />}
        placeholder="密码：6-64位"
        autoComplete="new-password"
        error={errors.password}
      />
      <AuthField
        name="confirm"
        label="确认密码"
        type="password"
        icon={<LockIcon />}
        placeholder="确认密码"
        autoComplete="new-password"
        error={errors.confirm}
      />
      <CaptchaField captcha={captcha} error={errors.captcha_code} />
      <AgreementField error={errors.agree} />
      <FormFailure message={failure} />
      <SubmitButton busy={busy} ready={ready}>
        注册
      </SubmitButton>
      <div className={styles.footer}>
        <span>已有账号？</span>
        <Link to={PublicPath.homeLogin}>立即登录</Link>
      </div>
    </form>
  );
}
