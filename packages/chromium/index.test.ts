import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM_ARGS,
  DEBIAN_CHROMIUM_PATH,
  DEBIAN_HEADLESS_SHELL_PATH,
  chromiumArgs,
  chromiumLaunchOptions,
  chromiumPath,
  preferHeadlessShell,
} from './index.js';

/** An executable file named `name` in a new directory; returns the directory. */
function fakeBrowser(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'vm-chromium-'));
  writeFileSync(join(dir, name), '#!/bin/sh\n');
  chmodSync(join(dir, name), 0o755);
  return dir;
}

describe('chromiumPath', () => {
  it('takes CHROMIUM_PATH first', () => {
    const dir = fakeBrowser('my-chrome');
    expect(chromiumPath({ CHROMIUM_PATH: join(dir, 'my-chrome'), PATH: '' })).toBe(join(dir, 'my-chrome'));
  });

  it('refuses a CHROMIUM_PATH that is not an executable', () => {
    expect(() => chromiumPath({ CHROMIUM_PATH: '/nonexistent/chromium' })).toThrow(/CHROMIUM_PATH/);
  });

  it("prefers Debian's /usr/bin/chromium, then a Chromium on PATH", () => {
    const dir = fakeBrowser('chromium-browser');
    const expected = existsSync(DEBIAN_CHROMIUM_PATH) ? DEBIAN_CHROMIUM_PATH : join(dir, 'chromium-browser');
    expect(chromiumPath({ PATH: dir })).toBe(expected);
  });

  it.skipIf(existsSync(DEBIAN_CHROMIUM_PATH))('says what to install when there is none', () => {
    expect(() => chromiumPath({ PATH: mkdtempSync(join(tmpdir(), 'vm-empty-')) })).toThrow(/apt-get install chromium/);
  });
});

describe('chromiumLaunchOptions', () => {
  it('passes every shared flag, headless and without a sandbox', () => {
    const dir = fakeBrowser('chromium');
    const options = chromiumLaunchOptions({ CHROMIUM_PATH: join(dir, 'chromium') });
    expect(options).toEqual({ executablePath: join(dir, 'chromium'), args: [...CHROMIUM_ARGS] });
    expect(options.args).toEqual(expect.arrayContaining(['--headless', '--no-sandbox', '--disable-quic']));
  });
});

describe('chromiumArgs', () => {
  it('drops --headless only for a headed window, and hands out a copy', () => {
    expect(chromiumArgs()).toEqual([...CHROMIUM_ARGS]);
    const headed = chromiumArgs({ headless: false });
    expect(headed).not.toContain('--headless');
    expect(headed).toContain('--disable-quic');
    headed.push('--x');
    expect(CHROMIUM_ARGS).not.toContain('--x');
  });
});

describe('preferHeadlessShell', () => {
  it("keeps a CHROMIUM_PATH already set, else takes Debian's headless shell when installed", () => {
    const set = { CHROMIUM_PATH: '/opt/my-chrome' };
    expect(preferHeadlessShell(set)).toBe('/opt/my-chrome');
    expect(set.CHROMIUM_PATH).toBe('/opt/my-chrome');

    const unset: Record<string, string | undefined> = {};
    const chosen = preferHeadlessShell(unset);
    expect(chosen).toBe(existsSync(DEBIAN_HEADLESS_SHELL_PATH) ? DEBIAN_HEADLESS_SHELL_PATH : undefined);
    expect(unset.CHROMIUM_PATH).toBe(chosen);
  });
});
