import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PUBLISH_PLATFORMS } from '@vidmatrix/contract/rules/publish-rules';
import type { ConnectorTimeouts } from './connectors/definition.ts';
import type { PublisherOptions } from './run-job.ts';

/** A one-second H.264 mp4 (a few KB) made with ffmpeg's test source. */
export async function makeTinyMp4(dir: string, name = 'tiny.mp4'): Promise<string> {
  const path = join(dir, name);
  await promisify(execFile)('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=10',
    '-t',
    '1',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    path,
  ]);
  return path;
}

/** A small PNG cover made with ffmpeg. */
export async function makeCoverPng(dir: string, name = 'cover.png'): Promise<string> {
  const path = join(dir, name);
  await promisify(execFile)('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=orange:size=320x240',
    '-frames:v',
    '1',
    path,
  ]);
  return path;
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
