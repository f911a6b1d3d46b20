import type { Captcha } from '../api/get-captcha.ts';
import { AuthField } from './auth-field.tsx';
import styles from './auth-form.module.css';
import { ShieldIcon } from './field-icons.tsx';

/** The captcha input with its image; clicking the image draws a new one. */
export function CaptchaField({ captcha, error }: { captcha: Captcha; error: string | undefined }) {
  const image = captcha.data ? (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.data.image)}`}
      alt="验证码"
      data-testid="captcha-image"
    />
  ) : captcha.error ? (
    <span className={styles.captchaFailed}>点击重试</span>
  ) : (
    <span className={styles.skeleton} />
  );
  return (
    <AuthField
      name="captcha_code"
      label="验证码"
      icon={<ShieldIcon />}
      placeholder="请输入验证码"
      maxLength={16}
      autoComplete="off"
      // The image's own failure shows where a rule's would (the image says 点击重试).
      error={error ?? captcha.error ?? undefined}
      aside={
        <button
          type="button"
          className={styles.captchaImage}
          onClick={captcha.refresh}
          title="看不清？换一张"
          aria-label="验证码图片，点击刷新"
        >
          {image}
        </button>
      }
    />
  );
}
