import { Button, Card, Progress, Tag } from 'antd';
import { Link } from 'react-router';
import type { LevelInfo, MemberInfo } from '@vidmatrix/contract/api/member';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { formatBytes } from '@vidmatrix/contract/rules/format';
import { isExpired } from '@vidmatrix/contract/rules/time';
import styles from '../pages/user-center-page.module.css';

function percent(used: number, limit: number): number {
  return limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0;
}

function QuotaBar({ label, used, limit, text }: { label: string; used: number; limit: number; text: string }) {
  const value = percent(used, limit);
  return (
    <div className={styles.quota} data-testid={`quota-${label}`}>
      <div className={styles.quotaHead}>
        <span>{label}</span>
        <span>{text}</span>
      </div>
      <Progress percent={value} showInfo={false} status={value >= 100 ? 'exception' : 'normal'} />
    </div>
  );
}

/** Level, expiry (with the expired marker) and quota use of accounts and cloud space. */
export function MembershipCard({ member, level }: { member: MemberInfo; level: LevelInfo | undefined }) {
  const expire = member.member_level.expire_time;
  const expired = isExpired(expire);
  return (
    <Card
      title="会员信息"
      variant="borderless"
      className={styles.card}
      extra={
        <Link to={PublicPath.subscribe}>
          <Button type="link">升级会员</Button>
        </Link>
      }
    >
      <div className={styles.levelRow}>
        <span className={styles.levelName} data-testid="level-name">
          {member.member_level.level_name || '未开通'}
        </span>
        <span className={styles.expiry} data-testid="level-expiry">
          {expire ? `到期时间：${expire}` : '永久有效'}
          {expired ? (
            <Tag color="error" className={styles.expiredTag}>
              已过期
            </Tag>
          ) : null}
        </span>
      </div>
      {level ? (
        <>
          <QuotaBar
            label="账号数量"
            used={level.level_user.account_num}
            limit={level.level.account_num}
            text={`${level.level_user.account_num} / ${level.level.account_num}`}
          />
          <QuotaBar
            label="云空间"
            used={level.level_user.space_storage}
            limit={level.level.space_storage}
            text={`${formatBytes(level.level_user.space_storage)} / ${formatBytes(level.level.space_storage)}`}
          />
        </>
      ) : null}
    </Card>
  );
}
