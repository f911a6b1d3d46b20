import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DesktopChannel, desktopIpc } from '@vidmatrix/contract/api/desktop-ipc';
import type { DesktopApi, UpdateEvent } from '@vidmatrix/contract/desktop-api';

// Electron's binary is absent here: the preload runs against a recorded contextBridge and ipcRenderer.
const exposed = new Map<string, unknown>();
const invoked: unknown[][] = [];
const listeners = new Map<string, (event: unknown, payload: unknown) => void>();
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
  ipcRenderer: {
    invoke: (channel: string, ...args: unknown[]) => {
      invoked.push([channel, ...args]);
      return Promise.resolve(undefined);
    },
    on: (channel: string, listener: (event: unknown, payload: unknown) => void) => listeners.set(channel, listener),
    off: (channel: string) => listeners.delete(channel),
  },
}));

async function loadDesktop(): Promise<DesktopApi> {
  process.argv.push('--vidmatrix-version-name=1.2.3', '--vidmatrix-version-code=10203');
  await import('./preload.ts');
  return exposed.get('desktop') as DesktopApi;
}

describe('the preload object', () => {
  beforeEach(() => {
    invoked.length = 0;
  });

  it('exposes one object, window.desktop, with the shell’s version', async () => {
    const desktop = await loadDesktop();
    expect([...exposed.keys()]).toEqual(['desktop']);
    expect(desktop.versionName).toBe('1.2.3');
    expect(desktop.versionCode).toBe(10203);
    expect(['win32', 'darwin', 'linux']).toContain(desktop.os);
  });

  it('sends every method on its own channel, and nothing else', async () => {
    const desktop = await loadDesktop();
    await desktop.checkForUpdate();
    await desktop.installUpdate();
    await desktop.authorizeAccount(5, 1);
    await desktop.checkAuthorizations([5, 6]);
    await desktop.syncFonts([{ value: '黑体', path: '/f.ttf', size: 10, sha256: 'a'.repeat(64) }]);
    await desktop.fontData?.({ value: '黑体', path: '/static/fonts/f.ttf' });
    await desktop.openHelper('vidmatrix-helper://open');
    await desktop.getChromiumPath();
    await desktop.setChromiumPath('/usr/bin/chromium');
    await desktop.detectChromium?.();
    await desktop.testChromiumPath?.('/usr/bin/chromium');
    await desktop.getSettings?.();
    await desktop.setSettings?.({ logLevel: 'debug' });
    await desktop.exportDiagnostics?.();
    desktop.signedIn?.({ memberId: 3, memberToken: 't' });
    desktop.signedOut();
    expect(invoked.map(([channel]) => channel).sort()).toEqual(Object.keys(desktopIpc).sort());
    expect(invoked).toContainEqual([DesktopChannel.authorizeAccount, 5, 1]);
    expect(invoked).toContainEqual([DesktopChannel.signedIn, { memberId: 3, memberToken: 't' }]);
    expect(invoked).toContainEqual([DesktopChannel.fontData, { value: '黑体', path: '/static/fonts/f.ttf' }]);
    // Size and hash reach the shell, so it can verify the download.
    expect(invoked).toContainEqual([
      DesktopChannel.syncFonts,
      [{ value: '黑体', path: '/f.ttf', size: 10, sha256: 'a'.repeat(64) }],
    ]);
  });

  it('refuses invalid arguments before anything crosses IPC', async () => {
    const desktop = await loadDesktop();
    await expect(desktop.authorizeAccount(-1, 1)).rejects.toThrow(TypeError);
    await expect(desktop.setSettings?.({ serverUrl: 'https://evil.example.com' } as never)).rejects.toThrow(TypeError);
    await expect(desktop.openHelper('no scheme')).rejects.toThrow(TypeError);
    expect(invoked).toEqual([]);
  });

  it('passes on only well-formed update events, and unsubscribes', async () => {
    const desktop = await loadDesktop();
    const seen: UpdateEvent[] = [];
    const unsubscribe = desktop.onUpdate((event) => seen.push(event));
    const push = listeners.get(DesktopChannel.updateEvent);
    push?.({}, { type: 'progress', transferredMb: 1.5, totalMb: 3 });
    push?.({}, { type: 'progress', transferredMb: 'lots' });
    push?.({}, { type: 'error', kind: 'download', message: '下载失败' });
    expect(seen).toEqual([
      { type: 'progress', transferredMb: 1.5, totalMb: 3 },
      { type: 'error', kind: 'download', message: '下载失败' },
    ]);
    unsubscribe();
    expect(listeners.has(DesktopChannel.updateEvent)).toBe(false);
  });
});
