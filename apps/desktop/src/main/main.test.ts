import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DesktopChannel, desktopIpc } from '@vidmatrix/contract/api/desktop-ipc';

// The main process runs against recorded Electron modules: the binary cannot run here, so this
// proves the wiring — every option and handler of the checklist is actually installed.
const rec = vi.hoisted(() => {
  type Handler = (...args: unknown[]) => unknown;
  const fakeContents = () => {
    const on = new Map<string, Handler>();
    const contents = {
      on: (event: string, fn: Handler) => on.set(event, fn),
      handlers: on,
      openHandler: undefined as Handler | undefined,
      setWindowOpenHandler: (fn: Handler) => (contents.openHandler = fn),
      send: () => undefined,
      openDevTools: () => undefined,
      mainFrame: { url: '' },
    };
    return contents;
  };
  let loaded!: (url: string) => void;
  return {
    fakeContents,
    userData: '',
    sandboxed: false,
    windows: [] as { options: Record<string, unknown>; webContents: ReturnType<typeof fakeContents> }[],
    ipc: new Map<string, Handler>(),
    appOn: new Map<string, Handler>(),
    permissionRequest: undefined as Handler | undefined,
    permissionCheck: undefined as Handler | undefined,
    opened: [] as string[],
    loaded: new Promise<string>((resolve) => (loaded = resolve)),
    resolveLoaded: (url: string) => loaded(url),
  };
});

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = rec.fakeContents();
    constructor(readonly options: Record<string, unknown>) {
      rec.windows.push(this);
    }
    once() {}
    show() {}
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
    loadURL(url: string) {
      this.webContents.mainFrame.url = url;
      rec.resolveLoaded(url);
      return Promise.resolve();
    }
  }
  return {
    app: {
      enableSandbox: () => (rec.sandboxed = true),
      requestSingleInstanceLock: () => true,
      quit: () => undefined,
      exit: () => undefined,
      whenReady: () => Promise.resolve(),
      getPath: (name: string) => join(rec.userData, name),
      getVersion: () => '1.2.3',
      getApplicationNameForProtocol: () => '',
      on: (event: string, fn: (...args: unknown[]) => unknown) => rec.appOn.set(event, fn),
    },
    BrowserWindow,
    ipcMain: { handle: (channel: string, fn: (...args: unknown[]) => unknown) => rec.ipc.set(channel, fn) },
    safeStorage: { encryptString: (t: string) => Buffer.from(t), decryptString: (b: Buffer) => b.toString() },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: (...args: unknown[]) => unknown) => (rec.permissionRequest = fn),
        setPermissionCheckHandler: (fn: (...args: unknown[]) => unknown) => (rec.permissionCheck = fn),
      },
    },
    shell: {
      openExternal: (url: string) => {
        rec.opened.push(url);
        return Promise.resolve();
      },
      showItemInFolder: () => undefined,
    },
  };
});
vi.mock('electron-updater', () => ({
  autoUpdater: { on: () => undefined, off: () => undefined, setFeedURL: () => undefined },
}));

const SERVER = 'https://console.example.com';

async function startMain() {
  rec.userData = join(tmpdir(), `vidmatrix-main-${process.pid}-${Date.now()}`);
  process.env.VIDMATRIX_SERVER_URL = `${SERVER}/`;
  await import('./main.ts');
  const url = await rec.loaded;
  const window = rec.windows[0];
  if (!window) {
    throw new Error('no window');
  }
  return { url, window };
}

describe('the main process wiring', () => {
  it('sandboxes every renderer and opens the console from the server with the secure options', async () => {
    const { url, window } = await startMain();
    expect(rec.sandboxed).toBe(true);
    expect(url).toBe(`${SERVER}/`);
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      devTools: false,
      preload: expect.stringMatching(/preload\.cjs$/) as unknown,
    });
  });

  it('guards every web contents: navigation, redirects, new windows and webviews', async () => {
    await startMain();
    const contents = rec.fakeContents();
    rec.appOn.get('web-contents-created')?.({}, contents);
    const event = { prevented: 0, preventDefault: () => (event.prevented += 1) };
    contents.handlers.get('will-navigate')?.(event, 'https://evil.example.com/');
    contents.handlers.get('will-redirect')?.(event, 'file:///etc/passwd');
    contents.handlers.get('will-attach-webview')?.(event);
    contents.handlers.get('will-navigate')?.(event, `${SERVER}/dashboard`);
    expect(event.prevented).toBe(3);
    expect(contents.openHandler?.({ url: 'https://www.douyin.com/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'file:///C:/x.exe' })).toEqual({ action: 'deny' });
    expect(rec.opened).toEqual(['https://evil.example.com/', 'https://www.douyin.com/']);
  });

  it('denies permissions by default', async () => {
    await startMain();
    const answer = (permission: string, requestingUrl: string) => {
      let granted: unknown;
      rec.permissionRequest?.({}, permission, (g: boolean) => (granted = g), { requestingUrl });
      return granted;
    };
    expect(answer('media', `${SERVER}/`)).toBe(false);
    expect(answer('notifications', `${SERVER}/`)).toBe(true);
    expect(rec.permissionCheck?.({}, 'geolocation', SERVER)).toBe(false);
  });

  it('handles every contract channel, and only for the console’s main frame', async () => {
    const { window } = await startMain();
    expect([...rec.ipc.keys()].sort()).toEqual(Object.keys(desktopIpc).sort());
    const getSettings = rec.ipc.get(DesktopChannel.getSettings);
    const fromConsole = {
      sender: window.webContents,
      senderFrame: window.webContents.mainFrame,
    };
    await expect(getSettings?.(fromConsole)).resolves.toMatchObject({ serverUrl: `${SERVER}/`, logLevel: 'info' });
    const otherFrame = { sender: window.webContents, senderFrame: { url: `${SERVER}/` } };
    await expect(getSettings?.(otherFrame)).rejects.toThrow(/untrusted/);
    const otherContents = { sender: rec.fakeContents(), senderFrame: { url: `${SERVER}/` } };
    await expect(getSettings?.(otherContents)).rejects.toThrow(/untrusted/);
    const setSettings = rec.ipc.get(DesktopChannel.setSettings);
    await expect(setSettings?.(fromConsole, { devtools: 'yes' })).rejects.toThrow(/invalid arguments/);
    await expect(setSettings?.(fromConsole, { showRunnerBrowser: true })).resolves.toMatchObject({
      showRunnerBrowser: true,
    });
  });
});
