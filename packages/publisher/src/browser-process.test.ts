import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, readdir, readlink, stat, symlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from '@vidmatrix/chromium';
import { afterAll, describe, expect, it } from 'vitest';
import { isChromiumOf, parentBoundWrapper, releaseProfile, writeWrapper } from './browser-process.ts';
import { launchAccountContext } from './browser.ts';
import { tempDir } from '../test/support.ts';

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

/** True while pid runs (a zombie counts as gone: nothing here reaps orphans). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return !/^\d+ \(.*\) [ZX]/.test(readFileSyncSafe(`/proc/${pid}/stat`));
}

function readFileSyncSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** Polls a condition on process state (no fixed sleep decides anything). */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A pid that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn('true');
  await once(child, 'exit');
  return child.pid!;
}

describe.skipIf(process.platform !== 'linux')('releaseProfile', () => {
  it('removes a lock whose process is gone, or whose pid now runs another program', async () => {
    for (const pid of [await deadPid(), process.pid]) {
      const dir = await tempDir('profile-stale');
      await symlink(`${hostname()}-${pid}`, join(dir, 'SingletonLock'));
      await symlink('/tmp/nowhere/SingletonSocket', join(dir, 'SingletonSocket'));
      expect(await releaseProfile(dir)).toEqual({ removedLock: true });
      await expect(readlink(join(dir, 'SingletonLock'))).rejects.toThrow();
      await expect(readlink(join(dir, 'SingletonSocket'))).rejects.toThrow();
    }
    expect(alive(process.pid)).toBe(true);
  });

  it("leaves another host's lock to Chromium", async () => {
    const dir = await tempDir('profile-other-host');
    await symlink(`elsewhere.example-${process.pid}`, join(dir, 'SingletonLock'));
    expect(await releaseProfile(dir)).toEqual({ removedLock: false });
    expect(await readlink(join(dir, 'SingletonLock'))).toBe(`elsewhere.example-${process.pid}`);
  });

  it('kills an orphan Chromium still holding the profile, then a launch opens it', async () => {
    const dir = await tempDir('profile-orphan');
    await mkdir(dir, { recursive: true });
    // The full browser, whatever CHROMIUM_PATH the tests prefer: the headless shell takes no SingletonLock.
    const browser = chromiumPath({ PATH: process.env.PATH });
    const orphan = spawn(
      browser,
      ['--headless', '--no-sandbox', '--disable-gpu', `--user-data-dir=${dir}`, 'about:blank'],
      { detached: true, stdio: 'ignore' },
    );
    started.push(orphan.pid!);
    let holder = 0;
    await until('the orphan to take the profile lock', async () => {
      const target = await readlink(join(dir, 'SingletonLock')).catch(() => '');
      holder = Number(target.slice(target.lastIndexOf('-') + 1));
      return holder > 0 && alive(holder);
    });
    expect(isChromiumOf(holder, dir)).toBe(true);
    expect(isChromiumOf(holder, `${dir}-other`)).toBe(false);

    expect(await releaseProfile(dir)).toEqual({ killed: holder, removedLock: true });
    expect(alive(holder)).toBe(false);
    const context = await launchAccountContext({ id: 'orphan', profileDir: dir }, { chromiumPath: browser });
    try {
      const target = await readlink(join(dir, 'SingletonLock'));
      expect(target).not.toBe(`${hostname()}-${holder}`);
    } finally {
      await context.close();
    }
  });
});

describe.skipIf(!parentBoundWrapper())('parentBoundWrapper', () => {
  it('starts the browser so that it dies when its parent is killed with SIGKILL, leaving no new wrapper in /tmp', async () => {
    const tmp = await tempDir('wrapper-tmp');
    // The parent launches the wrapper (with `sleep` standing in for Chromium, which would also exit
    // by itself once its pipe closes) and is killed; the kernel's parent-death signal must end the child.
    const module = fileURLToPath(new URL('./browser-process.ts', import.meta.url));
    const parent = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { spawn } from 'node:child_process';
         import { parentBoundWrapper, WRAPPED_CHROMIUM_ENV } from ${JSON.stringify(module)};
         const child = spawn(parentBoundWrapper(), ['600'], {
           detached: true, stdio: 'ignore', env: { ...process.env, [WRAPPED_CHROMIUM_ENV]: '/bin/sleep' },
         });
         console.log(child.pid);
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, TMPDIR: tmp } },
    );
    started.push(parent.pid!);
    const [line] = (await once(parent.stdout, 'data')) as [Buffer];
    const child = Number(line.toString().trim());
    started.push(child);
    await until('the wrapper to exec sleep', () => readFileSyncSafe(`/proc/${child}/cmdline`).startsWith('/bin/sleep'));
    expect(alive(child)).toBe(true);

    parent.kill('SIGKILL');
    await until('the child to die with its parent', () => !alive(child));
    // No exit handler ran; what is left is the user's one wrapper (beside tsx's cache), which the next
    // runner reuses.
    const shared = `vidmatrix-chromium-${process.getuid!()}`;
    const wrappers = async () => (await readdir(tmp)).filter((name) => name.startsWith('vidmatrix-'));
    expect(await wrappers()).toEqual([shared]);
    expect(writeWrapper(tmp)).toBe(join(tmp, shared, 'chromium'));
    expect(await wrappers()).toEqual([shared]);
    expect(await readdir(join(tmp, shared))).toEqual(['chromium']);
  });

  it('does not trust a wrapper directory others may write to', async () => {
    const tmp = await tempDir('wrapper-planted');
    const planted = join(tmp, `vidmatrix-chromium-${process.getuid!()}`);
    await mkdir(planted, { mode: 0o777 });
    await chmod(planted, 0o777);
    const path = writeWrapper(tmp);
    expect(path.startsWith(`${planted}/`)).toBe(false);
    expect(path.startsWith(join(tmp, 'vidmatrix-chromium-'))).toBe(true);
    expect((await stat(path)).mode & 0o777).toBe(0o700);
    expect(await readdir(planted)).toEqual([]);
  });
});
