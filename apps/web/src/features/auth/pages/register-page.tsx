import formStyles from '../components/auth-form.module.css';
import { RegisterForm } from '../components/register-form.tsx';
import styles from './auth-pages.module.css';

/** /register: sign-up inside the public site (pre-rendered; members who sign up on an agent's domain are the agent's). */
export function RegisterPage() {
  return (
    <div className={styles.stage}>
      <section className={styles.card}>
        <h1 className={formStyles.heading}>注册账号</h1>
        <p className={formStyles.subheading}>免费注册，立即体验短视频矩阵获客</p>
        <RegisterForm />
      </section>
    </div>
  );
}
