import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeImage, makeVideo } from '@vidmatrix/fixtures';
import { PUBLISH_PLATFORMS, type PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import { sandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox } from '@vidmatrix/platform-sandbox/server';
import type { ConnectorTimeouts } from '../src/connectors/definition.ts';
import { openAccount, type AccountSession, type PublisherOptions } from '../src/run-job.ts';

/** A one-second H.264 mp4 (a few KB) of ffmpeg's test pattern, from the shared fixture maker. */
export function makeTinyMp4(dir: string, name = 'tiny.mp4'): Promise<string> {
  return Promise.resolve(makeVideo(join(dir, name), { width: 160, height: 120, rate: 10, seconds: 1 }));
}

/** A small flat PNG cover, from the shared fixture maker. */
export function makeCoverPng(dir: string, name = 'cover.png'): Promise<string> {
  return Promise.resolve(makeImage(join(dir, name), { width: 320, height: 240, color: 'orange' }));
}

/**
 * Polls `read` until `check` holds; fails with what it last saw after `deadlineMs`. Tests wait on
 * state this way, never on a fixed time (server, desktop and publisher tests share it).
 */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  check: (value: T) => boolean,
  deadlineMs: number,
): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (check(value)) {
      return value;
    }
    if (Date.now() > end) {
      throw new Error(`${what}: still ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A fresh temporary directory. */
export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `vm-${prefix}-`));
}

/** Generous deadlines for a busy 2-core machine; the works list polled often so tests stay short. */
export const TEST_TIMEOUTS: Partial<ConnectorTimeouts> = {
  navigation: 60_000,
  loginCheck: 45_000,
  qrLogin: 90_000,
  upload: 90_000,
  processing: 90_000,
  fill: 60_000,
  submit: 60_000,
  verify: 90_000,
  worksPoll: 250,
  needsAction: 90_000,
};

/** Publisher options pointing every connector at the sandbox. */
export function sandboxOptions(sandboxUrl: string, artefactDir: string, timeouts = TEST_TIMEOUTS): PublisherOptions {
  return {
    artefactDir,
    headless: true,
    connectors: Object.fromEntries(PUBLISH_PLATFORMS.map((p) => [p, { baseUrl: `${sandboxUrl}/${p}`, timeouts }])),
  };
}

/**
 * One platform sandbox for a test file: its control, a temporary directory, publisher options pointing
 * every connector at it, and accounts logged in by QR, the sandbox's scan standing in for the phone.
 */
export async function publishBench(prefix: string) {
  const sandbox = await startSandbox();
  const control = sandboxControl(sandbox.url);
  const dir = await tempDir(prefix);
  const options = sandboxOptions(sandbox.url, join(dir, 'artefacts'));
  return {
    sandbox,
    control,
    dir,
    options,
    /** A fresh profile (under `dir`, named after `user`) logged in to `platform` as `user`. */
    async loggedIn(platform: PublishPlatform, user: string): Promise<AccountSession & { profileDir: string }> {
      const profileDir = join(dir, `profile-${user}`);
      const session = await openAccount({ id: user, profileDir }, options);
      await session.loginByQr(platform, async (image) => {
        await control.scan(image, user);
      });
      return Object.assign(session, { profileDir });
    },
    close: () => sandbox.close(),
  };
}

export type PublishBench = Awaited<ReturnType<typeof publishBench>>;
