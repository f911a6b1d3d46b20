import type { ConnectorSteps } from './steps.ts';

/** xiaohongshu: steps the generic flow cannot express as data. */
export const xiaohongshuSteps: ConnectorSteps = {};
