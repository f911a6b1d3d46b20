import { useEffect, useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SiteSetting } from '@vidmatrix/contract/api/setting';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { useMemberInfo } from '../../../api/member/get-member-info.ts';
import { useSiteSetting } from '../../../api/site/get-site-setting.ts';
import { useLive } from '../../../api/content/get-live.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { StorageKey, writeValue } from '../../../lib/storage-keys.ts';
import styles from '../site-layout.module.css';

// The site layout's server data, loaded after its first paint so /home renders without TanStack Query.

function SettingSync({ onChange }: { onChange: (setting: SiteSetting) => void }) {
  const { data: setting } = useSiteSetting();
  // Before paint, so a cached setting never flashes the default name.
  useLayoutEffect(() => {
    if (setting) {
      onChange(setting);
    }
  }, [setting, onChange]);
  useEffect(() => {
    if (setting?.system_name) {
      writeValue(StorageKey.systemName, setting.system_name);
      // The root shell titled the page before the setting arrived: put this brand (an agent's on its domain) in.
      const page = document.title.includes(' - ') ? document.title.slice(0, document.title.lastIndexOf(' - ')) : '';
      document.title = page ? `${page} - ${setting.system_name}` : setting.system_name;
    }
    if (setting?.page_title) {
      writeValue(StorageKey.pageTitle, setting.page_title);
    }
  }, [setting]);
  return null;
}

/** Fetches the public site setting and hands it to the layout; renders nothing. */
export function SiteSettingSource({ onChange }: { onChange: (setting: SiteSetting) => void }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SettingSync onChange={onChange} />
    </QueryClientProvider>
  );
}

function MemberLink() {
  const { data: member } = useMemberInfo();
  const name = member?.nickname || member?.username || '';
  return (
    <Link className={styles.user} to={PublicPath.userCenter} data-testid="site-user">
      {member?.avatar_url ? (
        <img className={styles.avatar} src={member.avatar_url} alt="" />
      ) : (
        <span className={styles.avatar}>{name.slice(0, 1) || '我'}</span>
      )}
      <span className={styles.userName}>{name}</span>
    </Link>
  );
}

/** The signed-in member's avatar and name in the header, linking to the user center. */
export function SiteAccount() {
  return (
    <QueryClientProvider client={queryClient}>
      <MemberLink />
    </QueryClientProvider>
  );
}

/**
 * Tells the layout whether a live session is on now (the header's pulsing dot); renders nothing. It shares
 * the /live page's answers and their once-a-minute refresh.
 */
export function LiveSource({ onChange }: { onChange: (liveNow: boolean) => void }) {
  const { data } = useLive();
  const liveNow = data?.live_now ?? false;
  useEffect(() => onChange(liveNow), [liveNow, onChange]);
  return null;
}
