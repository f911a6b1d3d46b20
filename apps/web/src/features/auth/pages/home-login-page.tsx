import formStyles from '../components/auth-form.module.css';
import { LoginForm } from '../components/login-form.tsx';
import styles from './auth-pages.module.css';

/** /homeLogin: sign-in inside the public site (pre-rendered; the header carries an agent's brand). */
export function HomeLoginPage() {
  return (
    <div className={styles.stage}>
      <section className={styles.card}>
        <h1 className={formStyles.heading}>账号登录</h1>
        <p className={formStyles.subheading}>登录后即可使用AI获客智能体</p>
        <LoginForm />
      </section>
    </div>
  );
}
