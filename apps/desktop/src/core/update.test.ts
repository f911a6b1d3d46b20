import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { UpdateEvent } from '@vidmatrix/contract/desktop-api';
import { Msg } from '@vidmatrix/contract/messages';
import { createApiClient } from './api-client.ts';
import { createMemoryLogger } from './log.ts';
import { body, envelope, startTestServer } from './test-server.ts';
import { channelFileName, readChannelFile, UpdateMachine, type UpdateDriver } from './update.ts';

const installer = Buffer.alloc(3 * 1024 * 1024, 7);
const sha512 = createHash('sha512').update(installer).digest('base64');
const channel = (version: string, file: string) =>
  `version: ${version}\nfiles:\n  - url: ${file}\n    sha512: ${sha512}\n    size: ${installer.length}\npath: ${file}\nsha512: ${sha512}\nreleaseDate: '2026-11-20T08:00:00.000Z'\n`;

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

/** The server: versionInfo answers per platform, releases hold channel files and installers. */
async function releaseServer(versionInfo: Record<string, unknown>) {
  const server = await startTestServer({
    'GET /api/setting.SystemVersion/versionInfo': (req, res) =>
      envelope(versionInfo[req.query.get('platform') ?? ''] ?? { versionName: '1.0.0', versionInfo: '' })(req, res),
    'GET /releases/win/latest.yml': body(channel('1.2.0', 'Vidmatrix-Setup-1.2.0.exe'), 'text/yaml'),
    'GET /releases/win/Vidmatrix-Setup-1.2.0.exe': body(installer),
    'GET /releases/mac/latest-mac.yml': body(channel('1.2.0', 'Vidmatrix-1.2.0.dmg'), 'text/yaml'),
    'GET /releases/stale/latest.yml': body(channel('1.1.0', 'Vidmatrix-Setup-1.1.0.exe'), 'text/yaml'),
  });
  closers.push(server.close);
  return server;
}

/** Downloads the channel's file with progress and checks its sha512, as electron-updater does. */
function fetchingDriver(os: 'win32' | 'darwin') {
  const driver: UpdateDriver & { installed: boolean } = {
    installed: false,
    async download(feedUrl: string, onProgress: (transferred: number, total: number) => void) {
      const info = await readChannelFile(feedUrl, os);
      const file = info.files[0];
      const response = await fetch(new URL(file?.url ?? '', feedUrl));
      if (!response.ok || !response.body) {
        throw new Error(`下载失败（${response.status}）`);
      }
      const total = Number(response.headers.get('content-length'));
      const hash = createHash('sha512');
      let transferred = 0;
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        hash.update(chunk);
        transferred += chunk.length;
        onProgress(transferred, total);
      }
      if (hash.digest('base64') !== file?.sha512) {
        throw new Error('sha512 checksum mismatch');
      }
    },
    quitAndInstall() {
      driver.installed = true;
    },
  };
  return driver;
}

function machine(serverUrl: string, os: 'win32' | 'darwin' | 'linux', driver: UpdateDriver, versionCode = 110) {
  const events: UpdateEvent[] = [];
  const m = new UpdateMachine({
    api: createApiClient({ serverUrl }),
    driver,
    os,
    versionCode,
    emit: (event) => events.push(event),
    log: createMemoryLogger(),
  });
  return { m, events };
}

describe('channel files', () => {
  it('names the file electron-builder writes per OS and reads it', async () => {
    expect(channelFileName('win32')).toBe('latest.yml');
    expect(channelFileName('darwin')).toBe('latest-mac.yml');
    const server = await releaseServer({});
    const info = await readChannelFile(`${server.url}/releases/mac/`, 'darwin');
    expect(info).toMatchObject({ version: '1.2.0', files: [{ url: 'Vidmatrix-1.2.0.dmg', size: installer.length }] });
  });
});

describe('update state machine', () => {
  const update = (dir: string, versionCode = 10200) => ({
    versionCode,
    versionName: '1.2.0',
    versionInfo: '修复若干问题',
    downloadUrl: `/releases/${dir}/Vidmatrix-Setup-1.2.0.exe`,
  });

  it('goes checking → available → progress in MB → downloaded, then installs (Windows)', async () => {
    const server = await releaseServer({});
    const info = { ...update('win'), downloadUrl: `${server.url}${update('win').downloadUrl}` };
    const server2 = await releaseServer({ '1': info });
    const driver = fetchingDriver('win32');
    const { m, events } = machine(server2.url, 'win32', driver);

    await m.check();
    expect(events).toEqual([
      { type: 'checking' },
      { type: 'available', versionName: '1.2.0', versionInfo: '修复若干问题', versionCode: 10200, sizeMb: 3 },
    ]);
    expect(server2.requests[0]?.query.get('platform')).toBe('1');
    expect(server2.requests[0]?.query.get('version_code')).toBe('110');

    await m.install();
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toEqual({ type: 'progress', transferredMb: 3, totalMb: 3 });
    expect(events.at(-1)).toEqual({ type: 'downloaded' });
    expect(m.state.status).toBe('downloaded');
    expect(driver.installed).toBe(true);
  });

  it('asks with platform 2 on macOS and reads latest-mac.yml', async () => {
    const probe = await releaseServer({});
    const server = await releaseServer({
      '2': { ...update('mac'), downloadUrl: `${probe.url}/releases/mac/Vidmatrix-1.2.0.dmg` },
    });
    const { m, events } = machine(server.url, 'darwin', fetchingDriver('darwin'));
    await m.check();
    expect(server.requests[0]?.query.get('platform')).toBe('2');
    expect(events.at(-1)).toMatchObject({ type: 'available', versionName: '1.2.0' });
    expect(probe.requests.map((r) => r.path)).toEqual(['/releases/mac/latest-mac.yml']);
  });

  it('stores update data only when both versionCode and downloadUrl come back', async () => {
    const server = await releaseServer({ '1': { versionCode: 10200, versionName: '1.2.0', versionInfo: '说明' } });
    const { m, events } = machine(server.url, 'win32', fetchingDriver('win32'));
    await m.check();
    expect(events.at(-1)).toEqual({ type: 'none', message: Msg.latestVersion });
    expect(m.state).toEqual({ status: 'not-available' });
    expect(m.lastResult).toEqual({ versionCode: 10200, versionName: '1.2.0', versionInfo: '说明' });
    await m.install();
    expect(events.at(-1)).toEqual({ type: 'none', message: Msg.latestVersion });
  });

  it('answers 当前已是最新版本 when the server has nothing newer', async () => {
    const server = await releaseServer({});
    const { m, events } = machine(server.url, 'win32', fetchingDriver('win32'));
    await m.check();
    expect(events).toEqual([{ type: 'checking' }, { type: 'none', message: '当前已是最新版本' }]);
  });

  it('reports a failed check as update-error (shown as info)', async () => {
    const server = await startTestServer({
      'GET /api/setting.SystemVersion/versionInfo': envelope(null, 500, '版本服务暂不可用'),
    });
    closers.push(server.close);
    const { m, events } = machine(server.url, 'win32', fetchingDriver('win32'));
    await m.check();
    expect(events.at(-1)).toEqual({ type: 'error', kind: 'update-error', message: '版本服务暂不可用' });
  });

  it('refuses a channel file that names another version than the server', async () => {
    const probe = await releaseServer({});
    const server = await releaseServer({
      '1': { ...update('stale'), downloadUrl: `${probe.url}/releases/stale/x.exe` },
    });
    const { m, events } = machine(server.url, 'win32', fetchingDriver('win32'));
    await m.check();
    // The check's own English ("channel file names 1.1.0…") is logged; the member reads Chinese.
    expect(events.at(-1)).toEqual({ type: 'error', kind: 'update-error', message: Msg.updateCheckFailed });
  });

  it('words a library’s download error in Chinese, and keeps a Chinese one as returned', async () => {
    const probe = await releaseServer({});
    const server = await releaseServer({ '1': { ...update('win'), downloadUrl: `${probe.url}/releases/win/x.exe` } });
    let reason = 'net::ERR_CONNECTION_RESET';
    const driver: UpdateDriver = { download: () => Promise.reject(new Error(reason)), quitAndInstall: () => undefined };
    const { m, events } = machine(server.url, 'win32', driver);
    await m.check();
    await m.install();
    expect(events.at(-1)).toEqual({ type: 'error', kind: 'download', message: Msg.updateDownloadFailed });
    reason = Msg.latestVersion;
    await m.install();
    expect(events.at(-1)).toEqual({ type: 'error', kind: 'download', message: Msg.latestVersion });
  });

  it('shows the returned msg of a failed download and lets 安装并重启 try again', async () => {
    const probe = await releaseServer({});
    const server = await releaseServer({ '1': { ...update('win'), downloadUrl: `${probe.url}/releases/win/x.exe` } });
    let fail = true;
    const real = fetchingDriver('win32');
    const driver: UpdateDriver = {
      download: (feed, onProgress) =>
        fail ? Promise.reject(new Error('安装包下载失败，请稍后重试')) : real.download(feed, onProgress),
      quitAndInstall: () => real.quitAndInstall(),
    };
    const { m, events } = machine(server.url, 'win32', driver);
    await m.check();
    await m.install();
    expect(events.at(-1)).toEqual({ type: 'error', kind: 'download', message: '安装包下载失败，请稍后重试' });
    fail = false;
    await m.install();
    expect(events.at(-1)).toEqual({ type: 'downloaded' });
    expect(real.installed).toBe(true);
  });

  it('does not update on Linux', async () => {
    const server = await releaseServer({});
    const { m, events } = machine(server.url, 'linux', fetchingDriver('win32'));
    await m.check();
    expect(events.at(-1)).toEqual({ type: 'none', message: Msg.latestVersion });
    expect(server.requests).toEqual([]);
  });
});
