import type { ReactNode } from 'react';
import type { DownloadBuild } from '@vidmatrix/contract/api/content';
import { AppleIcon, WindowsIcon } from '../../../components/icons.tsx';
import { useSiteName } from '../../../lib/site-name.ts';
import { useUiStore } from '../../../lib/ui-store.ts';
import { useClientLinks } from '../../../api/site/get-client-links.ts';
import { useDownloads } from '../api/get-downloads.ts';
import styles from './download-page.module.css';

function DownloadCard({
  name,
  note,
  href,
  icon,
  build,
}: {
  name: string;
  note: string;
  href: string;
  icon: ReactNode;
  build: DownloadBuild | undefined;
}) {
  return (
    <div className={styles.card} data-testid="download-card">
      <span className={styles.icon}>{icon}</span>
      <h2>{name}</h2>
      <p>{note}</p>
      {build?.version_name ? (
        <p className={styles.version}>
          最新版本 v{build.version_name}
          {build.version_info ? `：${build.version_info}` : ''}
        </p>
      ) : null}
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
  // The release records: version and notes, and a link only when the build's file is in storage.
  const { data: builds } = useDownloads();
  const win = builds?.find((b) => b.platform === 'win');
  const mac = builds?.find((b) => b.platform === 'mac');
  const siteName = useSiteName();
  return (
    <div className={styles.wrap}>
      <h1>下载{siteName}客户端</h1>
      <p className={styles.sub}>桌面客户端支持本地浏览器授权账号、字体与任务同步、自动更新。</p>
      <div className={styles.cards}>
        <DownloadCard
          name="Windows 版"
          note="支持 Windows 10 及以上系统"
          href={win ? win.url : (links?.windows_url ?? '')}
          icon={<WindowsIcon size={36} />}
          build={win}
        />
        <DownloadCard
          name="Mac 版"
          note="支持 macOS 11 及以上系统"
          href={mac ? mac.url : (links?.mac_config_url ?? '')}
          icon={<AppleIcon size={36} />}
          build={mac}
        />
      </div>
    </div>
  );
}
