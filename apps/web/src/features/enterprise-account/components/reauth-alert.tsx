import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { Alert, Space, Typography } from 'antd';
import { useExpiredAccounts } from '../api/runner-authorize.ts';

/** Names listed before the rest is counted (the banner stays one line above the table). */
const NAMES_SHOWN = 5;

/**
 * Tells the member which accounts need authorizing again (cookie_auth_status 2, set by a runner's
 * login check or the daily sweep), each with a 重新授权 link; one line, so the table keeps its rows in view.
 */
export function ReauthAlert({ onReauthorize }: { onReauthorize: (accountId: number) => void }) {
  const expired = useExpiredAccounts();
  const list = expired.data?.list ?? [];
  if (list.length === 0) {
    return null;
  }
  const shown = list.slice(0, NAMES_SHOWN);
  const names = shown.map((a) => a.nickname).join('、') + (list.length > NAMES_SHOWN ? ` 等${list.length}个` : '');
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12, padding: '4px 12px' }}
      data-testid="reauth-alert"
      message={
        <Space size={12} wrap={false} style={{ maxWidth: '100%', overflow: 'hidden' }}>
          <Typography.Text ellipsis>{fillMsg(Msg.authNeedsReauth, { accounts: names })}</Typography.Text>
          {shown.map((a) => (
            <Typography.Link key={a.enterprise_account_id} onClick={() => onReauthorize(a.enterprise_account_id)}>
              重新授权「{a.nickname}」
            </Typography.Link>
          ))}
        </Space>
      }
    />
  );
}
