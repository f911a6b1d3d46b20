import type { ConnectorSteps } from './steps.ts';

/** douyin: steps the generic flow cannot express as data. */
export const douyinSteps: ConnectorSteps = {};
