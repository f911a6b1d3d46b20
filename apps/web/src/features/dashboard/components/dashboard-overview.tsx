import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CloudOutlined,
  ClockCircleOutlined,
  ScissorOutlined,
  SendOutlined,
  TeamOutlined,
  UserOutlined,
  FolderOpenOutlined,
  MessageOutlined,
} from '@ant-design/icons';
import type { LevelInfo, MemberInfo } from '@vidmatrix/contract/api/member';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { formatBytes } from '@vidmatrix/contract/rules/format';
import { remainingAccounts, remainingSpace } from '@vidmatrix/contract/rules/quota';
import { isExpired } from '@vidmatrix/contract/rules/time';
import styles from './dashboard.module.css';

const SHORTCUTS = [
  { to: ConsolePath.accounts, label: '账号管理', icon: <TeamOutlined aria-hidden />, color: '#8a4cf0' },
  { to: ConsolePath.materials, label: '素材库', icon: <FolderOpenOutlined aria-hidden />, color: '#2374ff' },
  { to: ConsolePath.batchPublish, label: '批量发布', icon: <SendOutlined aria-hidden />, color: '#16b46c' },
  { to: ConsolePath.clipTasks, label: '剪辑任务', icon: <ScissorOutlined aria-hidden />, color: '#ff5a1f' },
  { to: ConsolePath.customerChat, label: '客户消息', icon: <MessageOutlined aria-hidden />, color: '#f0a020' },
];

function percent(used: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 0;
}

// Plain elements instead of antd Card/Progress/Skeleton/Tag: the /dashboard bundle budget (250 KB).
function Panel({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <section className={`${styles.panel} ${className}`}>{children}</section>;
}

function Bar({ value, color, label }: { value: number; color: string; label: string }) {
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <span style={{ width: `${value}%`, background: color }} />
    </div>
  );
}

function Placeholder({ rows = 2 }: { rows?: number }) {
  return (
    <div className={styles.placeholder} aria-busy="true">
      {Array.from({ length: rows + 1 }, (_, i) => (
        <span key={i} />
      ))}
    </div>
  );
}

/** The signed-in dashboard: member, level, remaining quota and space, expiry (SPEC §3). */
export function DashboardOverview({
  member,
  level,
}: {
  member: MemberInfo | null | undefined;
  level: LevelInfo | undefined;
}) {
  const expire = level?.level_user.expire_time || member?.member_level.expire_time || '';
  const expired = isExpired(expire);
  const levelName = level?.level.level_name || member?.member_level.level_name || '';
  return (
    <div className={styles.overview}>
      <Panel className={styles.welcome}>
        {member ? (
          <div className={styles.welcomeRow}>
            {member.avatar_url ? (
              <img className={styles.avatar} src={member.avatar_url} alt="" />
            ) : (
              <span className={styles.avatar}>
                <UserOutlined aria-hidden />
              </span>
            )}
            <div className={styles.welcomeText}>
              <h2 data-testid="dashboard-nickname">你好，{member.nickname || member.username}</h2>
              <div className={styles.welcomeMeta}>
                <span className={styles.levelTag} data-testid="dashboard-level">
                  {levelName}
                </span>
                <span>账号：{member.username}</span>
              </div>
            </div>
          </div>
        ) : (
          <Placeholder rows={1} />
        )}
      </Panel>

      <div className={styles.stats}>
        <Panel>
          {level ? (
            <>
              <div className={styles.statHead}>
                <TeamOutlined aria-hidden /> 剩余账号额度
              </div>
              <div className={styles.statValue} data-testid="remaining-accounts">
                {remainingAccounts(level)}
                <small> / {level.level.account_num} 个</small>
              </div>
              <Bar
                value={percent(level.level_user.account_num, level.level.account_num)}
                color="#ad6aff"
                label="已用账号额度"
              />
            </>
          ) : (
            <Placeholder />
          )}
        </Panel>
        <Panel>
          {level ? (
            <>
              <div className={styles.statHead}>
                <CloudOutlined aria-hidden /> 剩余云空间
              </div>
              <div className={styles.statValue} data-testid="remaining-space">
                {formatBytes(remainingSpace(level))}
                <small> / {formatBytes(level.level.space_storage)}</small>
              </div>
              <Bar
                value={percent(level.level_user.space_storage, level.level.space_storage)}
                color="#2374ff"
                label="已用云空间"
              />
            </>
          ) : (
            <Placeholder />
          )}
        </Panel>
        <Panel>
          {level || member ? (
            <>
              <div className={styles.statHead}>
                <ClockCircleOutlined aria-hidden /> 会员到期时间
              </div>
              <div className={styles.statValue} data-testid="dashboard-expire">
                <span className={styles.expireText}>{expire || '永久有效'}</span>
                {expired ? (
                  <span className={styles.expiredTag} data-testid="expired-tag">
                    已过期
                  </span>
                ) : null}
              </div>
              <div className={styles.statNote}>{expired ? '会员已过期，请及时续费' : '会员权益正常'}</div>
            </>
          ) : (
            <Placeholder />
          )}
        </Panel>
      </div>

      <Panel>
        <h3 className={styles.panelTitle}>快捷入口</h3>
        <div className={styles.shortcutGrid}>
          {SHORTCUTS.map((s) => (
            <Link key={s.to} to={s.to} className={styles.shortcut}>
              <span className={styles.shortcutIcon} style={{ background: s.color }}>
                {s.icon}
              </span>
              {s.label}
            </Link>
          ))}
        </div>
      </Panel>
    </div>
  );
}
