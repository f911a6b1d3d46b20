import { Drawer, Empty, Tag, Timeline } from 'antd';
import type { EnterpriseAccount } from '@vidmatrix/contract/api/enterprise-account';
import { Msg } from '@vidmatrix/contract/messages';
import { cookieAuthLabel } from '@vidmatrix/contract/rules/account-status';
import { useAuthLog } from '../api/get-auth-log.ts';

/** When and why an account's authorization changed, newest first. */
export function AuthLogDrawer({ account, onClose }: { account: EnterpriseAccount | null; onClose: () => void }) {
  const log = useAuthLog(account?.enterprise_account_id ?? null);
  const entries = log.data?.list ?? [];
  return (
    <Drawer open={account !== null} onClose={onClose} title={`授权记录 · ${account?.nickname ?? ''}`} size={420}>
      {entries.length === 0 && !log.isLoading ? (
        <Empty description={Msg.noData} />
      ) : (
        <Timeline
          data-testid="auth-log"
          items={entries.map((entry) => {
            const from = cookieAuthLabel(entry.from_status);
            const to = cookieAuthLabel(entry.to_status);
            return {
              key: entry.log_id,
              color: entry.to_status === 1 ? 'green' : 'orange',
              content: (
                <div>
                  <div style={{ color: '#999' }}>{entry.create_time}</div>
                  <div>
                    <Tag color={from.color}>{from.label}</Tag>→<Tag color={to.color}>{to.label}</Tag>
                  </div>
                  <div>{entry.reason}</div>
                </div>
              ),
            };
          })}
        />
      )}
    </Drawer>
  );
}
