import { isExpired } from '@vidmatrix/contract/rules/time';
import { useMemberInfo } from '../../../api/member/get-member-info.ts';
import { useVersionInfo } from '../../../api/setting/get-version-info.ts';
import { APP_VERSION } from '../../../lib/brand.ts';
import { getDesktop } from '../../../lib/desktop.ts';
import styles from './console-layout.module.css';

/** Footer status bar (SPEC §2.3): app version and membership expiry, red when expired. */
export function StatusBar() {
  const { data: member } = useMemberInfo();
  // Runs the version check; a newer version lands in the UI store as updateData (SPEC §4).
  useVersionInfo();
  const version = getDesktop()?.versionName ?? APP_VERSION;
  const expire = member?.member_level.expire_time ?? '';
  const expired = isExpired(expire);
  return (
    <div className={styles.statusBar} data-testid="status-bar">
      <span>当前版本：v{version}</span>
      <span className={styles.statusExpire}>
        会员到期时间：{expire || '永久有效'}
        {expired ? (
          <span className={styles.expiredTag} data-testid="status-expired">
            已过期
          </span>
        ) : null}
      </span>
    </div>
  );
}
