import { Card } from 'antd';
import { PasswordForm } from '../../../widgets/password-form/password-form.tsx';

/** /setting: change the password, with a confirmation field. */
export function ChangePasswordPage() {
  return (
    <Card title="修改密码" variant="borderless" style={{ maxWidth: 560 }}>
      <PasswordForm />
    </Card>
  );
}
