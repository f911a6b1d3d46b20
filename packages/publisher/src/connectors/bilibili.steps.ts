import type { ConnectorSteps } from './steps.ts';

/** bilibili: steps the generic flow cannot express as data. */
export const bilibiliSteps: ConnectorSteps = {};
