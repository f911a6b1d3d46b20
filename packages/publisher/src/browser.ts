import { chromiumArgs, chromiumPath } from '@vidmatrix/chromium';
import { chromium, type BrowserContext } from 'playwright-core';
import type { AccountProfile } from './types.ts';

/** The project's Chromium flags (from @vidmatrix/chromium) for a headless launch; the desktop's check uses them. */
export const CHROMIUM_ARGS = chromiumArgs({ headless: true });

export interface BrowserOptions {
  /** The user's Chromium (the /chromiumPath setting); else CHROMIUM_PATH, Debian's, or one on PATH. */
  chromiumPath?: string;
  /** Headed on a desktop, headless on a server. */
  headless?: boolean;
}

/** Opens the account's own persistent profile (its cookies are its login), through its proxy when set. */
export function launchAccountContext(account: AccountProfile, options: BrowserOptions = {}): Promise<BrowserContext> {
  const headless = options.headless ?? true;
  return chromium.launchPersistentContext(account.profileDir, {
    executablePath: options.chromiumPath ?? chromiumPath(),
    headless,
    chromiumSandbox: false,
    args: chromiumArgs({ headless }),
    proxy: account.proxy,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1280, height: 900 },
  });
}
