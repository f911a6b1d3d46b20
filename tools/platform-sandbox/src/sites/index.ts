import type { SandboxPlatform } from '../skins.ts';
import { bilibiliSite } from './bilibili.ts';
import { channelsSite } from './channels.ts';
import { douyinSite } from './douyin.ts';
import { kuaishouSite } from './kuaishou.ts';
import type { SitePages } from './site.ts';
import { xiaohongshuSite } from './xiaohongshu.ts';

/** Each creator centre's own pages, by platform. */
export const SITES: Record<SandboxPlatform, SitePages> = {
  douyin: douyinSite,
  kuaishou: kuaishouSite,
  xiaohongshu: xiaohongshuSite,
  channels: channelsSite,
  bilibili: bilibiliSite,
};
