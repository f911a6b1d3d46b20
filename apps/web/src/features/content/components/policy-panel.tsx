import { useEffect } from 'react';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { readValue, StorageKey, writeValue } from '../../../lib/storage-keys.ts';
import { useAgree, useAgreementStatus } from '../../../api/agreement/agreement-status.ts';
import styles from './policy-panel.module.css';

/**
 * The policy panel (SPEC §4 isShowPolicyPanel / isAgree): shown after registration or sign-in until
 * the member agrees to the current user agreement; a new version asks again. The server keeps the
 * agreed version; the two local flags mirror it (logout clears them).
 */
export function PolicyPanel({ onDecline }: { onDecline: () => void }) {
  const status = useAgreementStatus(true);
  const agree = useAgree();
  const agreed = status.data?.agreed;
  const version = status.data?.version ?? '';

  useEffect(() => {
    if (agreed === undefined) {
      return;
    }
    writeValue(StorageKey.isShowPolicyPanel, agreed ? '0' : '1');
    if (agreed) {
      writeValue(StorageKey.isAgree, version);
    }
  }, [agreed, version]);

  // Before the server answers, a panel this browser already owes stays up.
  const show = agreed === undefined ? readValue(StorageKey.isShowPolicyPanel) === '1' : !agreed;
  if (!show) {
    return null;
  }
  return (
    <div className={styles.mask}>
      <div
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="policy-title"
        data-testid="policy-panel"
      >
        <h2 id="policy-title">用户协议与隐私政策</h2>
        <p>
          欢迎使用！请阅读并同意
          <a href={PublicPath.protocol} target="_blank" rel="noreferrer">
            《用户协议》
          </a>
          和
          <a href={`${PublicPath.protocol}?tab=privacy`} target="_blank" rel="noreferrer">
            《隐私政策》
          </a>
          后继续使用。{status.data?.agreed_version ? '协议已更新，请重新确认。' : ''}
        </p>
        {version ? <p className={styles.version}>当前版本 {version}</p> : null}
        {agree.isError ? (
          <p className={styles.error} role="alert">
            {agree.error.message}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={onDecline}>
            不同意并退出
          </button>
          <button
            type="button"
            className={styles.primary}
            disabled={!version || agree.isPending}
            onClick={() => agree.mutate(version)}
          >
            同意并继续
          </button>
        </div>
      </div>
    </div>
  );
}
