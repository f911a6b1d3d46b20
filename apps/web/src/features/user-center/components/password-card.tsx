import { Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PasswordForm } from '../../../widgets/password-form/password-form.tsx';
import { getSessionsQueryOptions } from '../api/get-sessions.ts';
import styles from '../pages/user-center-page.module.css';

/** Password change; the server ends every other session, so the list reloads. */
export function PasswordCard() {
  const queryClient = useQueryClient();
  return (
    <Card title="修改密码" variant="borderless" className={styles.card}>
      <PasswordForm
        hint={<p className={styles.hint}>修改密码后，其他设备上的登录将全部退出。</p>}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey })}
      />
    </Card>
  );
}
