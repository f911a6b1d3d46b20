import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import { sandboxControl, type SandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox, type Sandbox } from '@vidmatrix/platform-sandbox/server';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { HarvestPage } from '@vidmatrix/contract/api/harvest';
import type { HarvestOverrides } from '../src/harvest/definition.ts';
import type { ReadRequest } from '../src/harvest/types.ts';

/** Short deadlines for the sandbox: a stalled write is ambiguous after 2 s. */
export const TEST_HARVEST_TIMEOUTS: HarvestOverrides['timeouts'] = { navigation: 30_000, read: 15_000, write: 2_000 };

/** One sandbox and one Chromium for a test file; a page per account signed in without the QR step. */
export async function harvestBench() {
  const sandbox: Sandbox = await startSandbox();
  const control: SandboxControl = sandboxControl(sandbox.url);
  const browser: Browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
  return {
    sandbox,
    control,
    /** The overrides that point a platform's harvester at the sandbox. */
    overrides: (platform: PublishPlatform): HarvestOverrides => ({
      baseUrl: `${sandbox.url}/${platform}`,
      timeouts: TEST_HARVEST_TIMEOUTS,
    }),
    /** A fresh context signed in as `account` on `platform` (its cookies, as the account's profile holds them). */
    async signedIn(platform: PublishPlatform, account: string): Promise<Page> {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
      const res = await context.request.post(`${sandbox.url}/${platform}/__sandbox/login`, { data: { account } });
      if (!res.ok()) {
        throw new Error(`sandbox login ${platform}/${account}: ${res.status()}`);
      }
      return context.newPage();
    },
    async close() {
      await browser.close();
      await sandbox.close();
    },
  };
}

export type HarvestBench = Awaited<ReturnType<typeof harvestBench>>;

/**
 * The reply counts of threads, remembered between passes as the server does for a runner: `request` hands a
 * read the look-up, `keep` stores what a page read.
 */
export function threadMemory() {
  const counts = new Map<string, number>();
  return {
    counts,
    request: (cursor: string, since: number): ReadRequest => ({
      cursor,
      since,
      threads: (ids) =>
        Promise.resolve(new Map(ids.flatMap((id) => (counts.has(id) ? [[id, counts.get(id) ?? 0]] : [])))),
    }),
    keep(page: HarvestPage): HarvestPage {
      for (const t of page.threads ?? []) {
        counts.set(t.root_id, t.replies);
      }
      return page;
    },
  };
}

/** Counts the calls a page makes to URLs holding `path`, from now on (`count` can be set back to 0). */
export function callsTo(page: Page, path: string): { count: number } {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (r.url().includes(path)) {
      seen.count += 1;
    }
  });
  return seen;
}

export type ThreadMemory = ReturnType<typeof threadMemory>;
