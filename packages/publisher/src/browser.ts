import { chromiumArgs, chromiumPath } from '@vidmatrix/chromium';
import { chromium, type BrowserContext } from 'playwright-core';
import { parentBoundWrapper, releaseProfile, WRAPPED_CHROMIUM_ENV } from './browser-process.ts';
import { lockProfile } from './profile-lock.ts';
import type { AccountProfile } from './types.ts';

/** The project's Chromium flags (from @vidmatrix/chromium) for a headless launch; the desktop's check uses them. */
export const CHROMIUM_ARGS = chromiumArgs({ headless: true });

/**
 * Playwright's own `--disable-features` (playwright-core's chromiumSwitches): Chromium reads only the last
 * `--disable-features` on its command line, so a flag that disables a feature must repeat these
 * (browser-flags.test.ts fails when a Playwright upgrade changes its list).
 */
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[] = Object.freeze([
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]);

/**
 * The full browser's address-bar popups as WebUI pages (chrome://omnibox-popup.top-chrome/), which it
 * preloads at start in a renderer of their own (~40 MB of its own memory): a runner never types in the
 * address bar, and the popup is browser UI, not something a platform's page can see.
 */
const OMNIBOX_WEBUI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The runner's own flags, on top of the shared ones, to keep each account's whole Chromium small (one
 * runs per active account): one renderer for the account's pages, so no spare renderer is kept warm;
 * no preloaded address-bar popup renderer. Measured side by side in `bench/publish-runner.bench.mjs`;
 * flags that did not measurably help, or that change what a platform's scripts can see (no WebGL
 * without the software rasterizer), were left out (docs/decisions.md).
 */
export const RUNNER_CHROMIUM_ARGS: readonly string[] = Object.freeze([
  '--renderer-process-limit=1',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI_FEATURES].join(',')}`,
]);

export interface BrowserOptions {
  /** The user's Chromium (the /chromiumPath setting); else CHROMIUM_PATH, Debian's, or one on PATH. */
  chromiumPath?: string;
  /** Headed on a desktop, headless on a server. */
  headless?: boolean;
  /** Flags on top of the shared ones; RUNNER_CHROMIUM_ARGS unless set (the bench's baseline passes []). */
  runnerArgs?: readonly string[];
}

/**
 * Opens the account's own persistent profile (its cookies are its login), through its proxy when set.
 * The profile's lock is taken first and held until the browser closes (ProfileBusyError while another
 * live process holds it); a browser left holding the profile by a process that is gone is ended, and
 * the new one dies with this process.
 */
export async function launchAccountContext(
  account: AccountProfile,
  options: BrowserOptions = {},
): Promise<BrowserContext> {
  const headless = options.headless ?? true;
  const executable = options.chromiumPath ?? chromiumPath();
  const lock = lockProfile(account.profileDir);
  try {
    await releaseProfile(account.profileDir);
    const context = await launch(account, executable, headless, options);
    context.once('close', () => lock.release());
    return context;
  } catch (err) {
    lock.release();
    throw err;
  }
}

function launch(
  account: AccountProfile,
  executable: string,
  headless: boolean,
  options: BrowserOptions,
): Promise<BrowserContext> {
  const wrapper = parentBoundWrapper();
  return chromium.launchPersistentContext(account.profileDir, {
    executablePath: wrapper ?? executable,
    ...(wrapper ? { env: { ...process.env, [WRAPPED_CHROMIUM_ENV]: executable } } : {}),
    headless,
    chromiumSandbox: false,
    args: [...chromiumArgs({ headless }), ...(options.runnerArgs ?? RUNNER_CHROMIUM_ARGS)],
    proxy: account.proxy,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1280, height: 900 },
  });
}
