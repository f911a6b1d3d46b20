import { chromium, type BrowserContext } from 'playwright-core';
import type { AccountProfile } from './types.ts';

/** Chromium flags this deployment needs (no GPU, no QUIC, no background traffic); headless is set by Playwright. */
export const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserOptions {
  /** The user's Chromium (the /chromiumPath setting); Debian's by default. */
  chromiumPath?: string;
  /** Headed on a desktop, headless on a server. */
  headless?: boolean;
}

/** Opens the account's own persistent profile (its cookies are its login), through its proxy when set. */
export function launchAccountContext(account: AccountProfile, options: BrowserOptions = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(account.profileDir, {
    executablePath: options.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: options.headless ?? true,
    chromiumSandbox: false,
    args: CHROMIUM_ARGS,
    proxy: account.proxy,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1280, height: 900 },
  });
}
