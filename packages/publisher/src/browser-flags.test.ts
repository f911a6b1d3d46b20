import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEBIAN_CHROMIUM_PATH } from '@vidmatrix/chromium';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchAccountContext, PLAYWRIGHT_DISABLED_FEATURES } from './browser.ts';
import { tempDir, until } from '../test/support.ts';

/** The command lines of this process's descendants (Chromium rewrites its own into one string). */
function descendants(): string[][] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) {
      continue;
    }
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // ended meanwhile
    }
  }
  const out: string[][] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      try {
        out.push(readFileSync(`/proc/${child}/cmdline`, 'utf8').split(/[\0 ]/).filter(Boolean));
      } catch {
        // ended meanwhile
      }
      walk(child);
    }
  };
  walk(process.pid);
  return out;
}

/** The features Chromium's children were started without (it took the last --disable-features). */
function disabledFeatures(): string[] {
  const flag = descendants()
    .filter((argv) => argv.some((a) => a.startsWith('--type=')))
    .map((argv) => argv.filter((a) => a.startsWith('--disable-features=')).at(-1))
    .find((f) => f !== undefined);
  return flag?.slice('--disable-features='.length).split(',') ?? [];
}

/** The browser's own pages (its UI drawn as WebUI) besides the account's. */
async function browserUi(context: BrowserContext): Promise<string[]> {
  const session = await context.newCDPSession(context.pages()[0] ?? (await context.newPage()));
  const { targetInfos } = await session.send('Target.getTargets');
  await session.detach();
  return targetInfos.filter((t) => t.type !== 'page').map((t) => t.url);
}

const fullBrowser = (() => {
  try {
    accessSync(DEBIAN_CHROMIUM_PATH, constants.X_OK);
    return true;
  } catch {
    return false;
  }
})();

const open: BrowserContext[] = [];
afterAll(async () => {
  for (const context of open) {
    await context.close();
  }
});

async function launch(name: string, runnerArgs?: readonly string[]): Promise<BrowserContext> {
  const context = await launchAccountContext(
    { id: name, profileDir: join(await tempDir(name), 'profile') },
    { ...(fullBrowser ? { chromiumPath: DEBIAN_CHROMIUM_PATH } : {}), ...(runnerArgs ? { runnerArgs } : {}) },
  );
  open.push(context);
  await (context.pages()[0] ?? (await context.newPage())).setContent('<p>ok</p>');
  return context;
}

describe("the runner's Chromium flags", () => {
  it('keep the features Playwright disables (Chromium reads only the last --disable-features)', async () => {
    const bare = await launch('flags-bare', []);
    const playwrights = disabledFeatures();
    await bare.close();
    expect(playwrights).toEqual(expect.arrayContaining(['MediaRouter', 'PaintHolding']));

    const runner = await launch('flags-runner');
    const features = disabledFeatures();
    await runner.close();
    expect(features).toEqual(expect.arrayContaining([...playwrights, 'WebUIOmniboxPopup']));
    expect(playwrights).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES]));
  });

  // The full browser preloads its address-bar popup as a WebUI page in a renderer of its own.
  it.skipIf(!fullBrowser)('start no renderer for the address-bar popup in the full browser', async () => {
    const bare = await launch('popup-bare', []);
    await until(
      'the popup preloaded',
      () => browserUi(bare),
      (ui) => ui.some((u) => u.includes('omnibox')),
      60_000,
    );
    await bare.close();

    const runner = await launch('popup-runner');
    expect(await browserUi(runner)).toEqual([]);
    expect(descendants().filter((argv) => argv.includes('--top-chrome-webui'))).toEqual([]);
    await runner.close();
  });
});
