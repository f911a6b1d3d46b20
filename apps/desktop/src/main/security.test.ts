import { describe, expect, it } from 'vitest';
import { DesktopChannel, desktopIpc } from '@vidmatrix/contract/api/desktop-ipc';
import { createIpcRouter, IpcRefused, type IpcHandlers } from './ipc-router.ts';
import {
  isExternalAllowed,
  isTrustedSender,
  LOCAL_CSP,
  navigationGuard,
  offlinePage,
  permissionCheckHandler,
  permissionRequestHandler,
  windowOpenHandler,
  windowOptions,
} from './security.ts';

const SERVER = 'https://console.example.com';

function prevented() {
  const event = { prevented: false, preventDefault: () => (event.prevented = true) };
  return event;
}

describe('the console window (Electron security checklist)', () => {
  it('isolates the page: context isolation, sandbox, no Node, web security, no webview', () => {
    const { webPreferences } = windowOptions('/app/dist/preload.cjs');
    expect(webPreferences).toMatchObject({
      preload: '/app/dist/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
  });

  it('refuses navigation to other origins and opens web links in the system browser only', () => {
    const opened: string[] = [];
    const guard = navigationGuard(SERVER, (url) => opened.push(url));
    for (const url of [`${SERVER}/dashboard`, `${SERVER}/login?redirect=%2Fhome`]) {
      const event = prevented();
      guard(event, url);
      expect(event.prevented).toBe(false);
    }
    for (const url of [
      'https://evil.example.com/',
      'http://console.example.com/',
      'https://console.example.com.evil.com/',
      'file:///etc/passwd',
      'vidmatrix-helper://x',
      'javascript:alert(1)',
    ]) {
      const event = prevented();
      guard(event, url);
      expect(event.prevented, url).toBe(true);
    }
    expect(opened).toEqual([
      'https://evil.example.com/',
      'http://console.example.com/',
      'https://console.example.com.evil.com/',
    ]);
  });

  it('refuses every new window; openExternal gets http(s) links only', () => {
    const opened: string[] = [];
    const handler = windowOpenHandler((url) => opened.push(url));
    for (const url of [
      'https://www.douyin.com/',
      `${SERVER}/export.xlsx`,
      'file:///C:/x.exe',
      'smb://host/share',
      'data:text/html,x',
    ]) {
      expect(handler({ url })).toEqual({ action: 'deny' });
    }
    expect(opened).toEqual(['https://www.douyin.com/', `${SERVER}/export.xlsx`]);
    expect(isExternalAllowed('ms-msdt:/id')).toBe(false);
    expect(isExternalAllowed('not a url')).toBe(false);
  });

  it('denies permission requests by default; notifications only from the console', () => {
    const ask = (permission: string, requestingUrl: string) => {
      let granted: boolean | undefined;
      permissionRequestHandler(SERVER)({}, permission, (g) => (granted = g), { requestingUrl });
      return granted;
    };
    expect(ask('notifications', `${SERVER}/customer/chat`)).toBe(true);
    expect(ask('notifications', 'https://evil.example.com/')).toBe(false);
    for (const permission of [
      'media',
      'geolocation',
      'openExternal',
      'midi',
      'pointerLock',
      'hid',
      'serial',
      'unknown',
    ]) {
      expect(ask(permission, `${SERVER}/`), permission).toBe(false);
    }
    expect(permissionCheckHandler(SERVER)({}, 'notifications', SERVER)).toBe(true);
    expect(permissionCheckHandler(SERVER)({}, 'media', SERVER)).toBe(false);
  });

  it('answers IPC only for the console’s main frame', () => {
    expect(isTrustedSender(`${SERVER}/accounts`, true, SERVER)).toBe(true);
    expect(isTrustedSender(`${SERVER}/accounts`, false, SERVER)).toBe(false);
    expect(isTrustedSender('https://ads.example.com/', true, SERVER)).toBe(false);
    expect(isTrustedSender(offlinePage(SERVER, 'x'), true, SERVER)).toBe(false);
    expect(isTrustedSender(undefined, true, SERVER)).toBe(false);
  });

  it('gives the local page a policy without script', () => {
    expect(LOCAL_CSP).toContain("default-src 'none'");
    expect(LOCAL_CSP).not.toMatch(/script-src/);
    const page = decodeURIComponent(offlinePage('https://x.example.com/<script>', '<img onerror=1>'));
    expect(page).toContain(`content="${LOCAL_CSP}"`);
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
  });
});

describe('IPC router', () => {
  const calls: unknown[][] = [];
  const handlers = Object.fromEntries(
    Object.keys(desktopIpc).map((channel) => [
      channel,
      (...args: unknown[]) => {
        calls.push([channel, ...args]);
        if (channel === DesktopChannel.authorizeAccount) {
          return Promise.resolve({ ok: true, msg: '授权成功' });
        }
        return Promise.resolve(channel === DesktopChannel.getChromiumPath ? '/usr/bin/chromium' : undefined);
      },
    ]),
  ) as unknown as IpcHandlers;
  const route = createIpcRouter(handlers);

  it('passes valid calls through and checks the result', async () => {
    expect(await route(DesktopChannel.authorizeAccount, true, [5, 1])).toEqual({ ok: true, msg: '授权成功' });
    expect(await route(DesktopChannel.getChromiumPath, true, [])).toBe('/usr/bin/chromium');
    await expect(route(DesktopChannel.getSettings, true, [])).rejects.toThrow();
  });

  it('refuses unknown channels, untrusted senders and invalid arguments before any handler runs', async () => {
    calls.length = 0;
    await expect(route('desktop:eval', true, [])).rejects.toBeInstanceOf(IpcRefused);
    await expect(route('__proto__', true, [])).rejects.toBeInstanceOf(IpcRefused);
    await expect(route(DesktopChannel.authorizeAccount, false, [5, 1])).rejects.toBeInstanceOf(IpcRefused);
    await expect(route(DesktopChannel.authorizeAccount, true, ['5', 1])).rejects.toBeInstanceOf(IpcRefused);
    await expect(route(DesktopChannel.authorizeAccount, true, [5, 1, 'extra'])).rejects.toBeInstanceOf(IpcRefused);
    await expect(route(DesktopChannel.openHelper, true, ['no scheme'])).rejects.toBeInstanceOf(IpcRefused);
    await expect(
      route(DesktopChannel.setSettings, true, [{ serverUrl: 'https://evil.example.com' }]),
    ).rejects.toBeInstanceOf(IpcRefused);
    await expect(route(DesktopChannel.setChromiumPath, true, [{ path: '/x' }])).rejects.toBeInstanceOf(IpcRefused);
    expect(calls).toEqual([]);
  });
});
