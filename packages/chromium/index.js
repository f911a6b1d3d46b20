// Plain ESM JavaScript with a hand-written index.d.ts: benches run it under bare `node`, TypeScript
// (Playwright config, publisher) reads the types. See docs/decisions.md.
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** Debian's `chromium` package installs here (the browser tests and the runner are built around it). */
export const DEBIAN_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell`: the same Chromium build without the full browser's UI and GPU
 * compositing. Tests use it when installed (about a third less CPU per page on these 2-core machines);
 * the runner keeps the full browser, which is what a platform's scripts see on a member's desktop.
 */
export const DEBIAN_HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** Names a Chromium build goes by on PATH, tried after the Debian path. */
const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/**
 * Flags for every Chromium we launch: headless without a sandbox (containers, CI), no GPU, no QUIC
 * (loopback servers speak HTTP/1.1 and 2 only), and no first-run, sync, update or background traffic
 * that would add network noise to tests and timings.
 */
export const CHROMIUM_ARGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

/**
 * The shared flags as a new list; headed (a person scans a QR in the window on a desktop) leaves out
 * `--headless`, which Playwright adds itself when it launches headless.
 */
export function chromiumArgs({ headless = true } = {}) {
  return CHROMIUM_ARGS.filter((arg) => headless || arg !== '--headless');
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium executable: CHROMIUM_PATH when set (it must exist), else /usr/bin/chromium, else the
 * first Chromium or Chrome on PATH. Throws with what to install when there is none.
 */
export function chromiumPath(env = process.env) {
  const override = env.CHROMIUM_PATH?.trim();
  if (override) {
    if (!isExecutable(override)) {
      throw new Error(`CHROMIUM_PATH=${override} is not an executable file`);
    }
    return override;
  }
  if (isExecutable(DEBIAN_CHROMIUM_PATH)) {
    return DEBIAN_CHROMIUM_PATH;
  }
  const dirs = (env.PATH ?? '').split(delimiter).filter((dir) => isAbsolute(dir));
  for (const name of PATH_NAMES) {
    for (const dir of dirs) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) {
        return candidate;
      }
    }
  }
  throw new Error(
    'No Chromium found: install it (Debian/Ubuntu: apt-get install chromium fonts-wqy-microhei) or set CHROMIUM_PATH',
  );
}

/**
 * For test runners' configs only: points CHROMIUM_PATH at Debian's headless shell when it is installed
 * and CHROMIUM_PATH is unset, so every Chromium the tests start (Playwright's, the publisher's, server
 * runners') is the lighter one. Returns the CHROMIUM_PATH now in effect, if any.
 */
export function preferHeadlessShell(env = process.env) {
  if (!env.CHROMIUM_PATH?.trim() && isExecutable(DEBIAN_HEADLESS_SHELL_PATH)) {
    env.CHROMIUM_PATH = DEBIAN_HEADLESS_SHELL_PATH;
  }
  return env.CHROMIUM_PATH;
}

/** Launch options for playwright(-core) `chromium.launch()`: the executable and the shared flags. */
export function chromiumLaunchOptions(env = process.env) {
  return { executablePath: chromiumPath(env), args: [...CHROMIUM_ARGS] };
}
