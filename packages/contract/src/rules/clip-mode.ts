import { CoreMsg } from '../messages-core.ts';

// The modes and their names live apart from the clip-task schemas: the router titles every clip page
// with them, and must not pull zod and the whole catalogue into each page's entry.

/** The eight clip modes by clip_model (SPEC §2.1). */
export const ClipMode = {
  clipVideo: 1,
  scriptClip: 2,
  cpMode: 3,
  oral: 4,
  imageVideo: 5,
  oneClick: 6,
  aiClip: 7,
  groupClip: 8,
} as const;
export type ClipModel = (typeof ClipMode)[keyof typeof ClipMode];

/** Display name of each mode. */
export const clipModeName: Record<ClipModel, string> = {
  1: CoreMsg.clipMode1,
  2: CoreMsg.clipMode2,
  3: CoreMsg.clipMode3,
  4: CoreMsg.clipMode4,
  5: CoreMsg.clipMode5,
  6: CoreMsg.clipMode6,
  7: CoreMsg.clipMode7,
  8: CoreMsg.clipMode8,
};
