import { Link } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { BrandMark, useBrandName } from '../components/brand-mark.tsx';
import formStyles from '../components/auth-form.module.css';
import { LoginForm } from '../components/login-form.tsx';
import styles from './auth-pages.module.css';

/** /login: the full-page sign-in of the console. */
export function LoginPage() {
  const brandName = useBrandName();
  return (
    <div className={styles.split}>
      <aside className={styles.brandPanel}>
        <Link className={styles.brandTop} to={PublicPath.home} data-testid="login-brand">
          <BrandMark size={36} />
          {brandName}
        </Link>
        <div className={styles.brandBody}>
          <h1>短视频矩阵 × AI获客</h1>
          <p>批量发布、AI剪辑、AI客服与线索获取，一个后台全部搞定。</p>
          <div className={styles.chips}>
            {['抖音', '快手', '小红书', 'B站', '视频号'].map((name) => (
              <span key={name} className={styles.chip}>
                {name}
              </span>
            ))}
          </div>
        </div>
        <div className={styles.brandFoot}>© {brandName}</div>
      </aside>
      <main className={styles.formPanel}>
        <div className={styles.formBox}>
          {/* The brand panel is hidden on a narrow screen; a phone still sees whose console it signs in to. */}
          <Link className={styles.compactBrand} to={PublicPath.home} data-testid="login-brand-compact">
            <BrandMark size={28} />
            {brandName}
          </Link>
          <h2 className={formStyles.heading}>欢迎登录</h2>
          <p className={formStyles.subheading}>登录控制台，管理你的账号矩阵</p>
          <LoginForm />
        </div>
      </main>
    </div>
  );
}
