import type { IncomingMessage } from 'node:http';
import type { Inbox } from './inbox/inbox.ts';
import type { SandboxPlatform } from './skins.ts';

export type VerifyKind = 'sms' | 'captcha' | 'real_name';
export type ReviewStatus = 'reviewing' | 'published' | 'scheduled' | 'rejected';

/** The file a post was made from, as the upload received it: a test proves which file went where. */
export interface WorkFile {
  name: string;
  size: number;
  sha256: string;
  /** From the mp4's `mvhd` box; null when the file has none. */
  durationSec: number | null;
}

/** A work the sandbox holds. */
export interface Work {
  id: string;
  platform: SandboxPlatform;
  user: string;
  title: string;
  description: string;
  topics: string[];
  cover: string | null;
  scheduleAt: string | null;
  status: ReviewStatus;
  reads: number;
  createdAt: number;
  /** The uploaded file; null for a work a test put in place (`POST /__control/works`). */
  file: WorkFile | null;
}

export interface Session {
  platform: SandboxPlatform;
  user: string;
  verified: Set<VerifyKind>;
  /** An SMS check after the scan is still unanswered: only /api/verify is open to the session. */
  loginSmsPending?: boolean;
}

/** The sandbox's own time for one upload (what a runner cannot go faster than), ms since the epoch. */
export interface UploadTiming {
  platform: SandboxPlatform;
  user: string;
  /** The upload request arrived. */
  startedAt: number;
  /** Its last byte was read (the throttled transfer). */
  receivedAt: number;
  /** The first status poll that answered done (processing over); 0 while processing. */
  processedAt: number;
}

export interface Upload {
  platform: SandboxPlatform;
  user: string;
  file: WorkFile;
  polls: number;
  timing: UploadTiming;
}

export type Ticket = {
  platform: SandboxPlatform;
  state: 'waiting' | 'confirmed' | 'expired';
  polls: number;
  user?: string;
  session?: string;
} & ({ kind: 'login' } | { kind: 'real_name'; owner: string });

/** Everything one sandbox instance holds (nothing is shared between instances). */
export interface SandboxState<S extends object> {
  sessions: Map<string, Session>;
  tickets: Map<string, Ticket>;
  uploads: Map<string, Upload>;
  timings: UploadTiming[];
  works: Work[];
  /** `${platform}/${user}` → accepted creates. */
  creates: Map<string, number>;
  /** `${platform}/${user}` → create requests that reached the platform (held ones included). */
  createRequests: Map<string, number>;
  /** `${platform}/${user}` → the last SMS/captcha code sent. */
  codes: Map<string, { kind: VerifyKind; code: string }>;
  switches: Map<SandboxPlatform, S>;
  defaults: S;
  /** Requests accepted and never answered (stalled uploads, held creates): close() ends them. */
  stalled: Set<IncomingMessage>;
  expiredQrs: Map<string, number>;
  failedUploads: Map<string, number>;
  /** Comments and private messages of the accounts, and the replies they sent (issue 23). */
  inbox: Inbox;
}

/** A work the list shows at once, whatever the hiddenReads switch says (a post made long ago). */
export const ALWAYS_VISIBLE_READS = 1_000_000_000;
