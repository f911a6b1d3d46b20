import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { DriftFinding } from '@vidmatrix/contract/api/connectors';
import { profileInUse } from './browser-process.ts';
import { elementSelector } from '@vidmatrix/contract/connector-definition';
import { PUBLISH_PLATFORMS, type PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import { COMMON_LABELS, type ConnectorDefinition } from './connectors/definition.ts';
import { CONNECTOR_STEPS } from './connectors/steps-registry.ts';
import { clickThrough, formRoot, loggedOut, readWorksList, urlOf, type Root } from './flow.ts';
import { connectorFor, openAccount, type PublisherOptions } from './run-job.ts';
import type { ProxySettings } from './types.ts';

/** How often the check reads the page while elements are still missing, ms. */
const READ_EVERY_MS = 250;

/** What a signed-in check of one platform found: the keys of elements not found, or a logged-out account. */
export type SignedInCheck = 'logged_out' | string[];

/** The Chinese name of an element key, as a member reads it. */
export function labelOf(def: ConnectorDefinition, key: string): string {
  return def.labels[key] ?? (COMMON_LABELS as Record<string, string>)[key] ?? '页面元素';
}

/**
 * The keys whose element is not in the page (attached, hidden ones count) once `ms` have passed; early
 * when all are there. `stop` ends the wait (logged out) with 'logged_out'.
 */
async function absent(
  root: Root,
  def: ConnectorDefinition,
  keys: readonly string[],
  ms: number,
  stop?: () => Promise<boolean>,
): Promise<SignedInCheck> {
  const end = Date.now() + ms;
  for (;;) {
    if (await stop?.().catch(() => false)) {
      return 'logged_out';
    }
    const missing: string[] = [];
    for (const key of keys) {
      const selector = elementSelector(def, key);
      if (
        !selector ||
        (await root
          .locator(selector)
          .count()
          .catch(() => 0)) === 0
      ) {
        missing.push(key);
      }
    }
    if (missing.length === 0 || Date.now() >= end) {
      return missing;
    }
    await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
  }
}

/**
 * Checks one platform with a signed-in account's page, never uploading or posting: the upload page
 * before a file is chosen (Channels: opened from its home page), then the works list as the runner
 * reads it, then (API connectors) the endpoints that need no upload. `posts`: how many posts the
 * account is known to have published, so an empty works list can be told from a changed one.
 */
export async function checkSignedIn(page: Page, def: ConnectorDefinition, posts = 0): Promise<SignedInCheck> {
  const t = def.timeouts;
  const out = loggedOut(page, def);
  const missing: string[] = [];
  const plan = def.drift;
  const checkApi = CONNECTOR_STEPS[def.platform].checkApi;
  if (checkApi && plan.api.length > 0) {
    const api = await checkApi(page, def);
    if (api === 'logged_out') {
      return api;
    }
    missing.push(...api);
  }
  let upload = plan.upload;
  if (upload.length > 0 && def.openUpload) {
    await page.goto(urlOf(def, def.paths.home), { timeout: t.navigation });
    const home = await absent(page, def, ['openUpload'], t.loginCheck, out);
    if (home === 'logged_out') {
      return home;
    }
    if (home.length > 0) {
      // Without its way in, the upload page's own elements cannot be looked at.
      missing.push(...home);
      upload = [];
    } else {
      await clickThrough(page, def, t.loginCheck, (timeout) =>
        page
          .locator(def.openUpload ?? '')
          .first()
          .click({ timeout }),
      );
      upload = upload.filter((key) => key !== 'openUpload');
    }
  } else if (upload.length > 0) {
    await page.goto(urlOf(def, def.paths.upload), { timeout: t.navigation });
  }
  if (upload.length > 0) {
    const found = await absent(formRoot(page, def), def, upload, t.loginCheck, out);
    if (found === 'logged_out') {
      return found;
    }
    missing.push(...found);
  }
  if (!checkApi) {
    missing.push(...(await checkWorks(page, def, posts)));
  }
  return missing;
}

/** The works list as the runner reads it; with a work listed, its id and the elements the plan names. */
async function checkWorks(page: Page, def: ConnectorDefinition, posts: number): Promise<string[]> {
  const works = await readWorksList(page, def).catch(() => undefined);
  if (!works) {
    return ['worksList'];
  }
  if (works.length === 0) {
    // No items: an account without posts, unless it published some through us, when the list's items
    // are what the page no longer shows as the connector knows them (or all were deleted on the platform).
    return posts > 0 ? ['workItem'] : [];
  }
  const missing = works.some((w) => !w.id) ? ['workIdAttribute'] : [];
  const items = await absent(page, def, def.drift.works, def.timeouts.loginCheck);
  return [...missing, ...(items === 'logged_out' ? [] : items)];
}

/** Checks the login page of a platform in a signed-out browser (no account's profile). */
export async function checkLoginPage(page: Page, def: ConnectorDefinition): Promise<string[]> {
  if (def.drift.login.length === 0) {
    return [];
  }
  await page.goto(urlOf(def, def.paths.login), { timeout: def.timeouts.navigation });
  const found = await absent(page, def, def.drift.login, def.timeouts.loginCheck);
  return found === 'logged_out' ? [] : found;
}

/** An account a drift check may open: its own profile, with its proxy. */
export interface DriftTarget {
  platform: PublishPlatform;
  accountId: number;
  profileDir: string;
  proxy?: ProxySettings;
  /** Posts the account published through us (0: none known). */
  posts?: number;
}

export interface DriftRunOptions {
  publisher: PublisherOptions;
  /** Signed-in accounts to try per platform, in order (a logged-out one is passed over). */
  targets: readonly DriftTarget[];
  /** Platforms to check; all by default. */
  platforms?: readonly PublishPlatform[];
  /** An account whose profile a job or a login holds now is skipped. */
  isBusy?: (accountId: number) => boolean;
  /** The account whose profile the check holds now (undefined when none). */
  onAccount?: (accountId: number | undefined) => void;
  signal?: AbortSignal;
  log?: (message: string, data?: Record<string, unknown>) => void;
}

/** Signed-in accounts tried per platform before the check gives up on its pages. */
const ACCOUNTS_TRIED = 3;

/**
 * The drift check (issue 22): for each platform, the login page in a throwaway signed-out profile,
 * then the pages of the first signed-in account that holds (no upload, no post); per platform 正常
 * (ok), 页面已变化 (changed) with the Chinese names of the elements not found, or 未检查 (unchecked:
 * no signed-in account, and the login page as expected).
 */
export async function runDriftCheck(options: DriftRunOptions): Promise<DriftFinding[]> {
  const platforms = options.platforms ?? PUBLISH_PLATFORMS;
  const defs = platforms.map((p) => connectorFor(p, options.publisher));
  const loginMissing = await checkLoginPages(defs, options);
  const findings: DriftFinding[] = [];
  for (const def of defs) {
    let signedIn: string[] | undefined;
    let tried = 0;
    for (const target of options.targets.filter((t) => t.platform === def.platform)) {
      if (options.signal?.aborted || tried >= ACCOUNTS_TRIED) {
        break;
      }
      // A profile another browser holds (another runner's job on a shared disk) is passed over, never ended;
      // busy is checked and the account taken in one step, so a job claimed after this sees it busy.
      if ((await profileInUse(target.profileDir)) || options.isBusy?.(target.accountId)) {
        continue;
      }
      tried += 1;
      options.onAccount?.(target.accountId);
      const found = await checkWithAccount(def, target, options)
        .catch((err: unknown) => {
          options.log?.('drift check failed', { platform: def.platform, err: String(err) });
          return 'logged_out' as const; // a browser that would not start tells nothing about the page
        })
        .finally(() => options.onAccount?.(undefined));
      if (found !== 'logged_out') {
        signedIn = found;
        break;
      }
    }
    const keys = [...new Set([...(loginMissing.get(def.platform) ?? []), ...(signedIn ?? [])])];
    findings.push({
      platform: def.platform,
      state: keys.length > 0 ? 'changed' : signedIn ? 'ok' : 'unchecked',
      missing: [...new Set(keys.map((k) => labelOf(def, k)))],
      connector_version: def.version,
    });
  }
  return findings;
}

async function checkWithAccount(
  def: ConnectorDefinition,
  target: DriftTarget,
  options: DriftRunOptions,
): Promise<SignedInCheck> {
  const session = await openAccount(
    { id: String(target.accountId), profileDir: target.profileDir, proxy: target.proxy },
    options.publisher,
  );
  const stop = () => void session.close().catch(() => undefined);
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    return await checkSignedIn(session.page, def, target.posts);
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await session.close().catch(() => undefined);
  }
}

/** Every platform's login page, in one throwaway profile that is removed afterwards. */
async function checkLoginPages(
  defs: readonly ConnectorDefinition[],
  options: DriftRunOptions,
): Promise<Map<PublishPlatform, string[]>> {
  const missing = new Map<PublishPlatform, string[]>();
  if (defs.every((d) => d.drift.login.length === 0)) {
    return missing;
  }
  const profileDir = join(tmpdir(), `vm-drift-${process.pid}-${Date.now()}`);
  try {
    const session = await openAccount({ id: 'drift-check', profileDir }, options.publisher);
    try {
      for (const def of defs) {
        if (options.signal?.aborted) {
          break;
        }
        missing.set(
          def.platform,
          await checkLoginPage(session.page, def).catch((err: unknown) => {
            options.log?.('drift check of a login page failed', { platform: def.platform, err: String(err) });
            return [];
          }),
        );
      }
    } finally {
      await session.close().catch(() => undefined);
    }
  } catch (err) {
    options.log?.('drift check could not open a browser', { err: String(err) });
  } finally {
    await rm(profileDir, { recursive: true, force: true }).catch(() => undefined);
  }
  return missing;
}
