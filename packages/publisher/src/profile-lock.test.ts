import { spawn } from 'node:child_process';
import { chromiumPath } from '@vidmatrix/chromium';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { readlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumProcesses } from './browser-process.ts';
import { launchAccountContext } from './browser.ts';
import { lockProfile, PROFILE_LOCK_FILE, ProfileBusyError, profileHolder } from './profile-lock.ts';
import { tempDir, until } from '../test/support.ts';

const started: number[] = [];
afterAll(() => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

/** A pid that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn('true');
  await once(child, 'exit');
  return child.pid!;
}

function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe.skipIf(process.platform !== 'linux')('account profile lock', () => {
  it('refuses a second runner process on a profile another holds, leaving its browser alone; taken once that process is gone', async () => {
    const dir = await tempDir('profile-two-runners');
    // The first "runner": another process that opens the account's browser and keeps it.
    const browserModule = fileURLToPath(new URL('./browser.ts', import.meta.url));
    // The full browser, as runners start it: the headless shell the tests prefer takes no SingletonLock.
    const browser = chromiumPath({ PATH: process.env.PATH });
    const first = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { launchAccountContext } from ${JSON.stringify(browserModule)};
         await launchAccountContext({ id: 'first', profileDir: ${JSON.stringify(dir)} });
         console.log('open');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, CHROMIUM_PATH: browser } },
    );
    started.push(first.pid!);
    await until(
      'the first runner to open the profile',
      async () => {
        const target = await readlink(join(dir, 'SingletonLock')).catch(() => '');
        return target;
      },
      (target) => target.startsWith(`${hostname()}-`),
      120_000,
    );
    const firstBrowser = Number((await readlink(join(dir, 'SingletonLock'))).split('-').pop());

    // The second runner (this process) on the same profile is refused, and the first one's browser lives on.
    const second = launchAccountContext({ id: 'second', profileDir: dir }, { chromiumPath: browser });
    await expect(second).rejects.toBeInstanceOf(ProfileBusyError);
    await expect(second).rejects.toThrow(`in use by process ${first.pid}`);
    expect(alive(firstBrowser)).toBe(true);
    expect(chromiumProcesses(dir)).toContain(firstBrowser);
    expect(profileHolder(dir)?.pid).toBe(first.pid);

    // The first runner dies without cleaning up: its lock is stale and the profile opens.
    first.kill('SIGKILL');
    await once(first, 'exit');
    const context = await launchAccountContext({ id: 'second', profileDir: dir }, { chromiumPath: browser });
    try {
      expect(profileHolder(dir)?.pid).toBe(process.pid);
      expect(alive(firstBrowser)).toBe(false);
    } finally {
      await context.close();
    }
    expect(profileHolder(dir)).toBeUndefined();
  });

  it('takes a lock whose process is gone or whose pid now runs another process; keeps one of another host', async () => {
    const dead = await deadPid();
    for (const holder of [
      { host: hostname(), pid: dead, started: '1' },
      // This very pid, but started at another time: the pid was reused.
      { host: hostname(), pid: process.pid, started: '1' },
      'half a line',
    ]) {
      const dir = await tempDir('profile-stale-lock');
      lockProfile(dir).release();
      writeFileSync(join(dir, PROFILE_LOCK_FILE), typeof holder === 'string' ? holder : JSON.stringify(holder));
      const lock = lockProfile(dir);
      expect(profileHolder(dir)?.pid).toBe(process.pid);
      lock.release();
      expect(profileHolder(dir)).toBeUndefined();
    }
    const dir = await tempDir('profile-other-host-lock');
    lockProfile(dir).release();
    writeFileSync(join(dir, PROFILE_LOCK_FILE), JSON.stringify({ host: 'elsewhere.example', pid: 1, started: '1' }));
    expect(() => lockProfile(dir)).toThrow(ProfileBusyError);
  });

  it('refuses a second session of the same process, and a release frees only its own lock', async () => {
    const dir = await tempDir('profile-same-process');
    const lock = lockProfile(dir);
    expect(() => lockProfile(dir)).toThrow(ProfileBusyError);
    lock.release();
    const next = lockProfile(dir);
    lock.release();
    expect(profileHolder(dir)?.pid).toBe(process.pid);
    next.release();
    expect(profileHolder(dir)).toBeUndefined();
  });
});
