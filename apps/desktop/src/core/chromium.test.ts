import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Msg } from '@vidmatrix/contract/messages';
import { chromiumCandidates, findChromium, testChromium } from './chromium.ts';
import { createMemoryLogger } from './log.ts';

const DEBIAN_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('chromium discovery', () => {
  it('knows where browsers install on Windows, macOS and Linux', () => {
    const win = chromiumCandidates('win32', {
      PROGRAMFILES: 'C:\\Program Files',
      'PROGRAMFILES(X86)': 'C:\\Program Files (x86)',
      LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local',
    });
    expect(win[0]).toBe('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
    expect(win).toContain('C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe');
    expect(win).toContain('C:\\Users\\a\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe');
    expect(chromiumCandidates('darwin', { HOME: '/Users/a' })[0]).toBe(
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    );
    expect(chromiumCandidates('linux', {})).toContain('/usr/bin/chromium');
  });

  it.runIf(existsSync(DEBIAN_CHROMIUM))('validates a browser by launching it', async () => {
    const check = await testChromium(DEBIAN_CHROMIUM);
    expect(check).toMatchObject({ ok: true, path: DEBIAN_CHROMIUM });
    expect(check.version).toMatch(/^\d+\./);
  });

  it('refuses a path that is missing or not a browser', async () => {
    expect(await testChromium('/nonexistent/chrome')).toEqual({
      ok: false,
      path: '/nonexistent/chrome',
      error: Msg.chromiumNotFound,
    });
    const log = createMemoryLogger();
    // Playwright's English reason goes to the log; the page shows Chinese.
    expect(await testChromium('/bin/true', log)).toEqual({
      ok: false,
      path: '/bin/true',
      error: Msg.chromiumLaunchFailed,
    });
    expect(log.entries.map((e) => [e.level, e.fields?.path])).toEqual([['warn', '/bin/true']]);
  });

  it.runIf(existsSync(DEBIAN_CHROMIUM))('finds the Linux browser, skipping a configured path that fails', async () => {
    const check = await findChromium({ os: 'linux', env: {}, configured: '/bin/true' });
    expect(check.ok).toBe(true);
    expect(chromiumCandidates('linux', {})).toContain(check.path);
  });

  it('reports none found', async () => {
    const tested: string[] = [];
    const check = await findChromium({
      os: 'linux',
      env: {},
      test: (path) => {
        tested.push(path);
        return Promise.resolve({ ok: false, path, error: 'no' });
      },
    });
    expect(check).toEqual({ ok: false, path: '', error: Msg.chromiumNotFound });
    expect(tested.every((p) => existsSync(p))).toBe(true);
  });
});
