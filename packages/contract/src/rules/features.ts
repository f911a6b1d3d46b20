import type { MemberInfo } from '../api/member.ts';

/** The §6 feature flags of member info that gate screens and calls (server and console read them alike). */
export type FeatureFlags = Pick<MemberInfo, 'is_ip' | 'is_batch_download' | 'batch_download_max'>;

/** How many materials the member may download at once; 0 when batch download is off (§6). */
export function batchDownloadLimit(flags: FeatureFlags): number {
  return flags.is_batch_download === 1 ? Math.max(0, flags.batch_download_max) : 0;
}

/** Whether the member may give accounts a proxy (ip_code); is_ip 1 turns it on (§6). */
export function canSetProxy(flags: FeatureFlags): boolean {
  return flags.is_ip === 1;
}
