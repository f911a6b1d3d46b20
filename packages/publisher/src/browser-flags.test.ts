import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchAccountContext, PLAYWRIGHT_ENABLED_FEATURES } from './browser.ts';
import { tempDir } from '../test/support.ts';

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

const contexts: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const context of contexts) {
    await context.close();
  }
});

describe("the runner's Chromium flags", () => {
  it('run the network service inside the browser (no utility process for it) and keep Playwright’s own features', async () => {
    const context = await launchAccountContext({ id: 'flags', profileDir: join(await tempDir('flags'), 'profile') });
    contexts.push(context);
    const page = await context.newPage();
    await page.setContent('<p>ok</p>');
    const children = descendants().filter((argv) => argv.some((a) => a.startsWith('--type=')));
    expect(children.length).toBeGreaterThan(0);
    expect(children.flat().filter((a) => a.includes('network.mojom.NetworkService'))).toEqual([]);
    // The features a child is started with are the ones Chromium took (the last --enable-features).
    const features = children
      .map((argv) => argv.filter((a) => a.startsWith('--enable-features=')).at(-1))
      .find((flag) => flag !== undefined)
      ?.slice('--enable-features='.length)
      .split(',');
    expect(features).toEqual(expect.arrayContaining([...PLAYWRIGHT_ENABLED_FEATURES, 'NetworkServiceInProcess2']));
    await context.close();
  });
});
