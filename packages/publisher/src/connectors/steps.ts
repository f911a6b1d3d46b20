import type { Locator, Page } from 'playwright-core';
import type { ConnectorDefinition } from './definition.ts';
import type { PublishJob } from '../types.ts';

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
  /** QR login until signed in, relaying each QR shown (Kuaishou: passport's QR switch and expiry refresh). */
  loginByQr?: (page: Page, def: ConnectorDefinition, onQr: (image: string) => void | Promise<void>) => Promise<void>;
  /** Puts the video into the page (Kuaishou: a button that opens a file chooser). */
  setFile?: (page: Page, root: Root, def: ConnectorDefinition, job: PublishJob) => Promise<void>;
  /** Fills the whole form; the schedule is read back. */
  fillForm?: (page: Page, def: ConnectorDefinition, job: PublishJob) => Promise<'ok' | 'schedule_not_applied'>;
  /** Clicks submit and any confirm step; false when the click could not be made. */
  submit?: (page: Page, root: Root, def: ConnectorDefinition) => Promise<boolean>;
  /** Reads the works list: opens it and reads the page, or calls the site's own list API from inside it. */
  readWorks?: (page: Page, def: ConnectorDefinition) => Promise<ListedWork[]>;
}
