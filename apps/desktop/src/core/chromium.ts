import { access, constants } from 'node:fs/promises';
import { posix, win32 } from 'node:path';
import { chromium } from 'playwright-core';
import type { ChromiumCheck, DesktopApi } from '@vidmatrix/contract/desktop-api';
import { Msg } from '@vidmatrix/contract/messages';
import { CHROMIUM_ARGS } from '@vidmatrix/publisher/browser';
import type { Logger } from './log.ts';

/** Where Chrome, Edge and Chromium install themselves, most likely first (paths in the target OS's syntax). */
export function chromiumCandidates(os: DesktopApi['os'], env: NodeJS.ProcessEnv): string[] {
  if (os === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((r): r is string => Boolean(r));
    return roots.flatMap((root) => [
      win32.join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
      win32.join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
      win32.join(root, 'Chromium', 'Application', 'chrome.exe'),
    ]);
  }
  if (os === 'darwin') {
    const apps = ['/Applications', env.HOME ? posix.join(env.HOME, 'Applications') : undefined].filter(
      (r): r is string => Boolean(r),
    );
    return apps.flatMap((root) => [
      posix.join(root, 'Google Chrome.app', 'Contents', 'MacOS', 'Google Chrome'),
      posix.join(root, 'Chromium.app', 'Contents', 'MacOS', 'Chromium'),
      posix.join(root, 'Microsoft Edge.app', 'Contents', 'MacOS', 'Microsoft Edge'),
    ]);
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/usr/bin/microsoft-edge',
    '/snap/bin/chromium',
  ];
}

/**
 * Launches the browser once, headless, and reads its version: the only proof a path works. Why a launch
 * failed is Playwright's English, so it goes to `log` and the page gets the Chinese message.
 */
export async function testChromium(path: string, log?: Pick<Logger, 'warn'>): Promise<ChromiumCheck> {
  try {
    await access(path, constants.X_OK);
  } catch {
    return { ok: false, path, error: Msg.chromiumNotFound };
  }
  try {
    const browser = await chromium.launch({
      executablePath: path,
      headless: true,
      chromiumSandbox: false,
      args: CHROMIUM_ARGS,
    });
    const version = browser.version();
    await browser.close();
    return { ok: true, path, version };
  } catch (error) {
    log?.warn('browser did not launch', { path, error: String(error).split('\n')[0] });
    return { ok: false, path, error: Msg.chromiumLaunchFailed };
  }
}

/** Finds the first candidate that exists and launches; the configured path is tried first. */
export async function findChromium(options: {
  os: DesktopApi['os'];
  env: NodeJS.ProcessEnv;
  configured?: string;
  test?: (path: string) => Promise<ChromiumCheck>;
}): Promise<ChromiumCheck> {
  const test = options.test ?? testChromium;
  const candidates = [options.configured, ...chromiumCandidates(options.os, options.env)].filter(
    (p, i, all): p is string => Boolean(p) && all.indexOf(p) === i,
  );
  for (const path of candidates) {
    const exists = await access(path).then(
      () => true,
      () => false,
    );
    if (!exists) {
      continue;
    }
    const check = await test(path);
    if (check.ok) {
      return check;
    }
  }
  return { ok: false, path: '', error: Msg.chromiumNotFound };
}
