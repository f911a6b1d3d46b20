import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import { bilibili } from './bilibili.ts';
import { channels } from './channels.ts';
import type { ConnectorDefinition } from './definition.ts';
import { douyin } from './douyin.ts';
import { kuaishou } from './kuaishou.ts';
import { xiaohongshu } from './xiaohongshu.ts';

/** Every connector, by platform. */
export const CONNECTORS: Record<PublishPlatform, ConnectorDefinition> = {
  douyin,
  kuaishou,
  xiaohongshu,
  channels,
  bilibili,
};
