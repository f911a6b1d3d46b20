import { Button, Card, Popconfirm, Tag } from 'antd';
import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { Msg } from '@vidmatrix/contract/messages';
import { notifySuccess } from '../../../lib/notify.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/get-sessions.ts';
import { deviceLabel } from '../device-label.ts';
import styles from '../pages/user-center-page.module.css';

/** The member's signed-in sessions: device, address and time, with sign-out for each other one. */
export function SessionList() {
  const { data: sessions = [], isLoading } = useSessions();
  const end = useEndSession();

  return (
    <Card title="登录设备" variant="borderless" className={styles.card} loading={isLoading}>
      <ul className={styles.sessions} data-testid="session-list">
        {sessions.map((session) => {
          const mobile = /iPhone|iPad|Android/.test(session.device);
          return (
            <li key={session.session_id} className={styles.session} data-testid="session-row">
              <span className={styles.sessionIcon}>
                {mobile ? <MobileOutlined aria-hidden /> : <DesktopOutlined aria-hidden />}
              </span>
              <div className={styles.sessionText}>
                <div className={styles.sessionName}>
                  {deviceLabel(session.device, session.platform)}
                  {session.current ? (
                    <Tag color="purple" className={styles.currentTag}>
                      当前设备
                    </Tag>
                  ) : null}
                </div>
                <div className={styles.sessionMeta}>
                  <span>IP：{session.ip || '未知'}</span>
                  <span>登录时间：{session.created_at}</span>
                </div>
              </div>
              {session.current ? null : (
                <Popconfirm
                  title="确定退出该设备的登录吗？"
                  okText="退出"
                  cancelText="取消"
                  onConfirm={() =>
                    end.mutate({ session_id: session.session_id }, { onSuccess: () => notifySuccess(Msg.sessionEnded) })
                  }
                >
                  <Button size="small" danger>
                    退出登录
                  </Button>
                </Popconfirm>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
