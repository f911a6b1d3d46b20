import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import { bilibiliHarvester } from './bilibili.steps.ts';
import { channelsHarvester } from './channels.steps.ts';
import type { HarvestOverrides } from './definition.ts';
import { douyinHarvester } from './douyin.steps.ts';
import { kuaishouHarvester } from './kuaishou.steps.ts';
import type { Harvester } from './types.ts';
import { xiaohongshuHarvester } from './xiaohongshu.steps.ts';

const MAKERS: Record<PublishPlatform, (overrides?: HarvestOverrides) => Harvester> = {
  douyin: douyinHarvester,
  kuaishou: kuaishouHarvester,
  xiaohongshu: xiaohongshuHarvester,
  channels: channelsHarvester,
  bilibili: bilibiliHarvester,
};

/** The platform's harvester (the real sites, or every host at `overrides.baseUrl`, e.g. the sandbox's `/<platform>`). */
export function harvesterFor(platform: PublishPlatform, overrides?: HarvestOverrides): Harvester {
  return MAKERS[platform](overrides);
}
