import type { ReactNode } from 'react';
import { AppleIcon, WindowsIcon } from '../../../components/icons.tsx';
import { useUiStore } from '../../../lib/ui-store.ts';
import { useClientLinks } from '../api/get-client-links.ts';
import styles from './download-page.module.css';

function DownloadCard({ name, note, href, icon }: { name: string; note: string; href: string; icon: ReactNode }) {
  return (
    <div className={styles.card}>
      <span className={styles.icon}>{icon}</span>
      <h2>{name}</h2>
      <p>{note}</p>
      {href ? (
        <a className={styles.button} href={href} target="_blank" rel="noreferrer">
          立即下载
        </a>
      ) : (
        <span className={`${styles.button} ${styles.disabled}`} aria-disabled="true">
          暂未提供
        </span>
      )}
    </div>
  );
}

/** /download: the desktop client for Windows and Mac (client links of SPEC §3). */
export function DownloadPage() {
  const stored = useUiStore((s) => s.clientLinks);
  const { data } = useClientLinks();
  const links = data ?? stored;
  return (
    <div className={styles.wrap}>
      <h1>下载AI获客矩阵客户端</h1>
      <p className={styles.sub}>桌面客户端支持本地浏览器授权账号、字体与任务同步、自动更新。</p>
      <div className={styles.cards}>
        <DownloadCard
          name="Windows 版"
          note="支持 Windows 10 及以上系统"
          href={links?.windows_url ?? ''}
          icon={<WindowsIcon size={36} />}
        />
        <DownloadCard
          name="Mac 版"
          note="支持 macOS 11 及以上系统"
          href={links?.mac_config_url ?? ''}
          icon={<AppleIcon size={36} />}
        />
      </div>
    </div>
  );
}
