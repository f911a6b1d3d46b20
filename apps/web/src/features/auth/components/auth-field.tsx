import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import styles from './auth-form.module.css';
import { EyeIcon, EyeOffIcon } from './field-icons.tsx';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'name'> & {
  name: string;
  /** What the field is for, for screen readers (the placeholder says it on screen). */
  label: string;
  icon: ReactNode;
  /** The rule's message, shown under the field. */
  error: string | undefined;
  /** Something beside the input, such as the captcha image. */
  aside?: ReactNode;
};

/**
 * One input of the sign-in forms, uncontrolled (what a visitor types before the page's code runs stays
 * when it hydrates), with its icon and its message under it in a reserved line (nothing moves).
 */
export function AuthField({ name, label, icon, error, aside, type = 'text', ...input }: FieldProps) {
  const errorId = useId();
  const [shown, setShown] = useState(false);
  const password = type === 'password';
  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <span className={`${styles.control} ${error ? styles.invalid : ''}`}>
          <span className={styles.icon}>{icon}</span>
          <input
            {...input}
            className={styles.input}
            name={name}
            type={password && shown ? 'text' : type}
            aria-label={label}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {password ? (
            <button
              type="button"
              className={styles.reveal}
              aria-label={shown ? '隐藏密码' : '显示密码'}
              aria-pressed={shown}
              onClick={() => setShown((on) => !on)}
            >
              {shown ? <EyeIcon /> : <EyeOffIcon />}
            </button>
          ) : null}
        </span>
        {aside}
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form's submit button: disabled until the page has hydrated (no native submit), busy while sending. */
export function SubmitButton({ children, busy, ready }: { children: ReactNode; busy: boolean; ready: boolean }) {
  return (
    <button type="submit" className={styles.submit} disabled={!ready || busy} aria-busy={busy}>
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** The server's refusal (or a broken connection), in its own Chinese words. */
export function FormFailure({ message }: { message: string | null }) {
  return message ? (
    <p className={styles.failure} role="alert">
      {message}
    </p>
  ) : null;
}

/** 我已阅读并同意《用户协议》和《隐私政策》: ticked before 注册 (the documents open beside the form). */
export function AgreementField({ error }: { error: string | undefined }) {
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.agreement}>
        <input
          type="checkbox"
          name="agree"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="register-agree"
        />
        <span>
          我已阅读并同意
          <a href={PublicPath.protocol} target="_blank" rel="noreferrer">
            《用户协议》
          </a>
          和
          <a href={`${PublicPath.protocol}?tab=privacy`} target="_blank" rel="noreferrer">
            《隐私政策》
          </a>
        </span>
      </label>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
