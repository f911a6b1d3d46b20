import type { ConnectorSteps } from './steps.ts';

/** kuaishou: steps the generic flow cannot express as data. */
export const kuaishouSteps: ConnectorSteps = {};
