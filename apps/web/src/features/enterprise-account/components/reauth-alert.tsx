import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { Alert, Button, Space } from 'antd';
import { useExpiredAccounts } from '../api/runner-authorize.ts';

/**
 * Tells the member which accounts need authorizing again (cookie_auth_status 2, set by a runner's
 * login check or the daily sweep), each with its 重新授权 button; refreshed when a frame says so.
 */
export function ReauthAlert({ onReauthorize }: { onReauthorize: (accountId: number) => void }) {
  const expired = useExpiredAccounts();
  const list = expired.data?.list ?? [];
  if (list.length === 0) {
    return null;
  }
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="reauth-alert"
      message={fillMsg(Msg.authNeedsReauth, { accounts: list.map((a) => a.nickname).join('、') })}
      description={
        <Space wrap>
          {list.map((a) => (
            <Button key={a.enterprise_account_id} size="small" onClick={() => onReauthorize(a.enterprise_account_id)}>
              重新授权「{a.nickname}」
            </Button>
          ))}
        </Space>
      }
    />
  );
}
