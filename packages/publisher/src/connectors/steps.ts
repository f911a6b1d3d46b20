import type { Locator, Page } from 'playwright-core';
import type { ConnectorDefinition } from './definition.ts';
import type { FoundWork } from '../flow.ts';
import type { JobResult, LoginSmsCode, PublishJob, RunHooks } from '../types.ts';

/** Where the form lives: the page, or the iframe it is mounted in. */
export interface Root {
  locator(selector: string): Locator;
}

/** A work as the works list (page or the site's own list API) shows it. */
export interface ListedWork {
  id: string;
  title: string;
  status: string;
  href: string | null;
  /** When the platform says the work was created, epoch ms, where the list shows it. */
  createdAt?: number;
  /** The video's duration in seconds, where the list shows it. */
  durationSec?: number;
}

/**
 * Code a creator centre needs beyond its data (contenteditable editors, cover modals, declarations,
 * shadow roots, list APIs). Every member is optional: the generic step in flow.ts runs where one is
 * absent. A connector's steps live beside its definition, in `connectors/<platform>.steps.ts`.
 */
export interface ConnectorSteps {
  /** Brings the login QR into view (Xiaohongshu: the login box opens on its phone form). */
  showQr?: (page: Page, def: ConnectorDefinition) => Promise<void>;
  /** Puts the video into the page (Kuaishou: a button that opens a file chooser). */
  setFile?: (page: Page, root: Root, def: ConnectorDefinition, job: PublishJob) => Promise<void>;
  /** Fills the whole form; the schedule is read back. */
  fillForm?: (page: Page, def: ConnectorDefinition, job: PublishJob) => Promise<'ok' | 'schedule_not_applied'>;
  /** Clicks submit and any confirm step; false when the click could not be made. */
  submit?: (page: Page, root: Root, def: ConnectorDefinition) => Promise<boolean>;
  /**
   * QR login with the site's own QR and refresh (Douyin: an expired code stays until 二维码失效 is clicked;
   * Channels: the QR is in an iframe); each new code is relayed, `onCode` answers an SMS check after the scan.
   */
  loginByQr?: (
    page: Page,
    def: ConnectorDefinition,
    onQr: (image: string) => void | Promise<void>,
    onCode?: LoginSmsCode,
  ) => Promise<void>;
  /** Reads the works list: opens it and reads the page, or calls the site's own list API from inside it. */
  readWorks?: (page: Page, def: ConnectorDefinition) => Promise<ListedWork[]>;
  /** Proves the session (Bilibili: its nav API) instead of opening the upload page. */
  checkLogin?: (page: Page, def: ConnectorDefinition) => Promise<'valid' | 'invalid' | 'unknown'>;
  /**
   * The drift check of a connector that works through the site's API (Bilibili): calls the endpoints
   * `def.drift.api` names that need no upload; the keys of those that did not answer as expected.
   */
  checkApi?: (page: Page, def: ConnectorDefinition) => Promise<'logged_out' | string[]>;
  /** Publishes without the upload page (Bilibili: its web upload API); replaces the whole page flow. */
  publish?: (
    page: Page,
    def: ConnectorDefinition,
    job: PublishJob,
    hooks: RunHooks,
    kit: PublishKit,
  ) => Promise<JobResult>;
}

/** What the generic flow lends a connector that publishes on its own. */
export interface PublishKit {
  artefactDir: string;
  /**
   * The shared works-list proof (it reads the list through `readWorks`): the create answer's id, else a
   * work new since `before` (the write-ahead list), created after `submittedAt`, with the title and duration.
   */
  verify: (
    workId: string | undefined,
    before: ReadonlySet<string> | undefined,
    submittedAt: number | undefined,
  ) => Promise<FoundWork | undefined>;
}
