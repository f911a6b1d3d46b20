import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpdateEvent } from '@vidmatrix/contract/desktop-api';
import { createApiClient } from './api-client.ts';
import { createMemoryLogger } from './log.ts';
import { startRealServer, type RealServer } from './real-server.ts';
import { versionCodeOf } from '@vidmatrix/contract/rules/version-code';
import { readChannelFile, UpdateMachine, type UpdateDriver } from './update.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..', '..');
/** Generous: the server starts through tsx on a loaded two-core machine. */
const DEADLINE_MS = 240_000;

let server: RealServer;

beforeAll(async () => {
  server = await startRealServer();
}, DEADLINE_MS);

afterAll(async () => {
  await server?.stop();
}, DEADLINE_MS);

/** `npm run admin -- …` on the server's data dir, as the operator runs it. */
function admin(args: string[]) {
  return promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'apps/server/src/cli/admin.ts'), ...args],
    {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' },
    },
  );
}

/**
 * An imitation of electron-updater's generic provider (the Electron binary cannot run here): reads the
 * channel file under the feed, downloads the file it names and checks its sha512 and size, as the
 * real updater does before it installs.
 */
function verifyingDriver(): UpdateDriver & { installed: string[] } {
  const installed: string[] = [];
  return {
    installed,
    async download(feedUrl, onProgress) {
      const channel = await readChannelFile(feedUrl, 'win32');
      const res = await fetch(new URL(encodeURIComponent(channel.path ?? ''), feedUrl));
      if (!res.ok) {
        throw new Error(`download answered ${res.status}`);
      }
      const bytes = Buffer.from(await res.arrayBuffer());
      onProgress(bytes.length, bytes.length);
      if (createHash('sha512').update(bytes).digest('base64') !== channel.sha512) {
        throw new Error('sha512 mismatch');
      }
      installed.push(channel.path ?? '');
    },
    quitAndInstall() {},
  };
}

describe('a published release reaches the desktop update flow', { timeout: DEADLINE_MS * 2 }, () => {
  it('no dead links before; after `release publish` versionInfo, the channel file and /download agree', async () => {
    const api = createApiClient({ serverUrl: server.url });
    // Seeded links point at files nobody published yet: offered as nothing, never as a dead link.
    expect(await api.clientLinks()).toEqual({ mac_config_url: '', windows_url: '' });

    const dir = await mkdtemp(join(tmpdir(), 'vm-release-'));
    const installer = join(dir, 'AI获客矩阵-Setup-1.2.0.exe');
    await writeFile(installer, Buffer.alloc(300_000, 7));
    const { stdout } = await admin([
      'release',
      'publish',
      '--platform',
      'win',
      '--version-name',
      '1.2.0',
      '--version-code',
      String(versionCodeOf('1.2.0')),
      '--notes',
      '修复若干问题，发布更稳定',
      '--file',
      installer,
    ]);
    expect(stdout).toContain('Published win 1.2.0');

    const links = await api.clientLinks();
    expect(links.windows_url).toMatch(/releases\/win\//);
    const download = await fetch(new URL(links.windows_url, server.url));
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(300_000);

    const events: UpdateEvent[] = [];
    const driver = verifyingDriver();
    const updates = new UpdateMachine({
      api,
      driver,
      os: 'win32',
      versionCode: versionCodeOf('1.1.0'),
      emit: (event) => events.push(event),
      log: createMemoryLogger(),
    });
    await updates.check();
    expect(events.at(-1)).toEqual({
      type: 'available',
      versionName: '1.2.0',
      versionInfo: '修复若干问题，发布更稳定',
      versionCode: versionCodeOf('1.2.0'),
      sizeMb: 0.29,
    });
    await updates.install();
    expect(driver.installed).toEqual(['AI获客矩阵-Setup-1.2.0.exe']);
    expect(events.at(-1)).toEqual({ type: 'downloaded' });

    // A client already on 1.2.0 is told it is up to date; the same code cannot be published twice.
    const current = new UpdateMachine({
      api,
      driver,
      os: 'win32',
      versionCode: versionCodeOf('1.2.0'),
      emit: (event) => events.push(event),
      log: createMemoryLogger(),
    });
    await current.check();
    expect(events.at(-1)?.type).toBe('none');
    await expect(
      admin([
        'release',
        'publish',
        '--platform',
        'win',
        '--version-name',
        '1.2.0',
        '--version-code',
        '10200',
        '--file',
        installer,
      ]),
    ).rejects.toThrow(/already has a release/);
  });
});
