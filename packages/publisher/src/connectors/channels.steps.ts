import type { ConnectorSteps } from './steps.ts';

/** channels: steps the generic flow cannot express as data. */
export const channelsSteps: ConnectorSteps = {};
