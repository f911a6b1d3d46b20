import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import type {
  FailureReason,
  JobOutcome,
  NeedsActionKind,
  ReviewState,
  RunPhase,
} from '@vidmatrix/contract/rules/publish-result';

export type { FailureReason, JobOutcome, NeedsActionKind, ReviewState, RunPhase };

/** A proxy for one account's browser (from the account's ip_code). */
export interface ProxySettings {
  server: string;
  username?: string;
  password?: string;
}

/** The account a job runs as: its own browser profile directory and optional proxy. */
export interface AccountProfile {
  id: string;
  profileDir: string;
  proxy?: ProxySettings;
}

/** One video to one account, as the server froze it. */
export interface PublishJob {
  id: string;
  platform: PublishPlatform;
  account: AccountProfile;
  videoPath: string;
  coverPath?: string;
  title: string;
  description: string;
  topics: string[];
  /** Epoch ms for the platform's own timer; undefined publishes now. */
  scheduleAt?: number;
}

/** What the runner keeps when a job fails: enough for a person to see what the page showed. */
export interface FailureArtefacts {
  reason: FailureReason;
  message: string;
  url: string;
  /** The page's own error text (toasts, alerts), empty when it showed none. */
  pageText: string;
  screenshotPath?: string;
}

/** A check only a person can pass: the code to type, or a QR to scan. */
export interface NeedsActionRequest {
  kind: NeedsActionKind;
  prompt: string;
  /** A captcha image or real-name QR as a data URL, when the dialog shows one. */
  image?: string;
  screenshot: Buffer;
  url: string;
}

/** The person's answer: the code for sms/captcha; nothing for a QR they scanned. */
export interface NeedsActionAnswer {
  code?: string;
}

/**
 * The SMS code a platform asks for after a QR login's scan (Douyin), from the person; `refused`: the
 * platform turned down the previous code, so the person is told so and asked again.
 */
export type LoginSmsCode = (refused: boolean) => Promise<string>;

/** Callbacks the runner loop drives a job with. */
export interface RunHooks {
  onPhase?: (phase: RunPhase) => void | Promise<void>;
  onProgress?: (progress: { percent: number; text: string }) => void;
  /**
   * Must resolve (the server has recorded `submitting` with the basis) before the submit click; a
   * rejection aborts the job. The basis is what verification will match against, after a crash too.
   */
  beforeSubmit?: (basis: VerifyBasis) => Promise<void>;
  /** Hands a captcha/SMS/real-name check to a person and resolves with their answer. */
  onNeedsAction?: (request: NeedsActionRequest) => Promise<NeedsActionAnswer>;
  /** Cancellation (carried back by the lease heartbeat); honoured only before submit. */
  signal?: AbortSignal;
}

/**
 * The write-ahead record of a submit: the ids the works list showed before it (undefined when it could
 * not be read) and the runner's clock at the click.
 */
export interface VerifyBasis {
  listedIds?: readonly string[];
  submittedAt: number;
}

/** What happened to one job. */
export interface JobResult {
  outcome: JobOutcome;
  /** The last phase reached. */
  phase: RunPhase;
  /** True once the submit control was clicked: the job must never be submitted again automatically. */
  submitClicked: boolean;
  workId?: string;
  permalink?: string;
  reviewState?: ReviewState;
  /** How the post was proven: the create response and/or the works list. */
  proof?: { createResponse: boolean; worksList: boolean };
  needsAction?: NeedsActionKind;
  error?: FailureArtefacts;
  connectorVersion: string;
}
