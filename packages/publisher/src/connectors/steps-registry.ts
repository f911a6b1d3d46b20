import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import { bilibiliSteps } from './bilibili.steps.ts';
import { channelsSteps } from './channels.steps.ts';
import { douyinSteps } from './douyin.steps.ts';
import { kuaishouSteps } from './kuaishou.steps.ts';
import type { ConnectorSteps } from './steps.ts';
import { xiaohongshuSteps } from './xiaohongshu.steps.ts';

/** Every connector's code steps, by platform. */
export const CONNECTOR_STEPS: Record<PublishPlatform, ConnectorSteps> = {
  douyin: douyinSteps,
  kuaishou: kuaishouSteps,
  xiaohongshu: xiaohongshuSteps,
  channels: channelsSteps,
  bilibili: bilibiliSteps,
};
