import { app, BrowserWindow, ipcMain, safeStorage, session, shell, type WebContents } from 'electron';
import { join } from 'node:path';
import { DesktopChannel, type DesktopInvokeChannel } from '@vidmatrix/contract/api/desktop-ipc';
import type { DesktopApi, UpdateEvent } from '@vidmatrix/contract/desktop-api';
import { startRunner } from '@vidmatrix/publisher/runner/runner-loop';
import { accountStore, authorizeAccount, checkAuthorizations, pushAuthorizationAtStart } from '../core/accounts.ts';
import { createApiClient } from '../core/api-client.ts';
import { publisherLogin } from '../core/browser-login.ts';
import { findChromium, testChromium } from '../core/chromium.ts';
import { exportDiagnostics } from '../core/diagnostics.ts';
import { readSyncedFont, syncFonts } from '../core/fonts.ts';
import { openHelper } from '../core/helper-link.ts';
import { createFileLogger } from '../core/log.ts';
import { MemberSession } from '../core/member-session.ts';
import { httpTokenIssuer } from '../core/runner-tokens.ts';
import { defaultSettings, openSettings } from '../core/settings.ts';
import { fileTokenStore, TaskSync } from '../core/task-sync.ts';
import { versionCodeOf } from '@vidmatrix/contract/rules/version-code';
import { UpdateMachine } from '../core/update.ts';
import { createIpcRouter, type IpcHandlers } from './ipc-router.ts';
import { shellPaths } from './paths.ts';
import {
  isTrustedSender,
  navigationGuard,
  offlinePage,
  permissionCheckHandler,
  permissionRequestHandler,
  windowOpenHandler,
  windowOptions,
} from './security.ts';
import { electronUpdateDriver } from './updater.ts';

/** The deployment a fresh install loads: set at build time, or by VIDMATRIX_SERVER_URL. */
const BUILD_SERVER_URL =
  process.env.VIDMATRIX_SERVER_URL ?? process.env.VIDMATRIX_BUILD_SERVER_URL ?? 'http://127.0.0.1:3000';

const os: DesktopApi['os'] = process.platform === 'win32' || process.platform === 'darwin' ? process.platform : 'linux';

app.enableSandbox();
if (!app.requestSingleInstanceLock()) {
  app.quit();
}

async function start() {
  await app.whenReady();
  const paths = shellPaths(app.getPath('userData'), app.getPath('logs'));
  const settings = await openSettings(paths.settings, defaultSettings(BUILD_SERVER_URL));
  const log = createFileLogger(paths.logs, () => settings.get().logLevel);
  const serverUrl = settings.get().serverUrl;
  const serverOrigin = new URL(serverUrl).origin;
  const versionName = app.getVersion();
  const versionCode = versionCodeOf(versionName);
  log.info('shell started', { versionName, os, serverOrigin });

  // The token is read per call, from the member session built below.
  const api = createApiClient({ serverUrl, memberToken: () => member.memberToken });
  const accounts = accountStore(paths.userData);
  const openExternal = (url: string) => {
    shell.openExternal(url).catch((error: unknown) => log.warn('openExternal failed', { error: String(error) }));
  };

  // Found once per run (finding launches each candidate); a configured path always wins.
  let detected: Promise<string | undefined> | undefined;
  const chromiumPath = async () => {
    const configured = settings.get().chromiumPath;
    if (configured) {
      return configured;
    }
    detected ??= findChromium({ os, env: process.env, test: (path) => testChromium(path, log) }).then((found) =>
      found.ok ? found.path : undefined,
    );
    return detected;
  };
  const publisherOptions = async (headless: boolean) => ({
    artefactDir: paths.artefacts,
    chromiumPath: await chromiumPath(),
    headless,
  });
  // Checks run headless; a login opens headed so the person scans the QR in that window.
  const login = publisherLogin(async (purpose) => publisherOptions(purpose === 'check'));
  const checkLogin = login.check;
  const openLogin = login.open;

  const tasks = new TaskSync({
    tokens: fileTokenStore(paths.userData, {
      seal: (text) => safeStorage.encryptString(text).toString('base64'),
      open: (sealed) => safeStorage.decryptString(Buffer.from(sealed, 'base64')),
    }),
    issuer: httpTokenIssuer(serverUrl, `desktop-${os}`),
    // The same runner as `npm run runner`, in the member's userData: its profiles are the ones the
    // account page authorizes, so jobs publish with the logins made on this computer.
    startLoop: (credential) => {
      const runner = publisherOptions(!settings.get().showRunnerBrowser).then((publisher) =>
        startRunner({
          serverUrl,
          token: credential.token,
          workDir: paths.userData,
          publisher,
          version: versionName,
          log: (message, data) => log.info(message, data),
        }),
      );
      return { stop: async () => (await runner).stop() };
    },
    log,
  });

  const member = new MemberSession(
    {
      checkAuthorizations: () => pushAuthorizationAtStart({ accounts, check: checkLogin, api, log }),
      syncFonts: async () => syncFonts(await api.fonts(), { dir: paths.fonts, serverUrl, log }),
      startTasks: (session) => tasks.signedIn(session),
      stopTasks: () => tasks.signedOut(),
    },
    log,
  );

  // The window is created after the IPC handlers and session rules are in place.
  const ui: { window?: BrowserWindow } = {};
  const sendUpdate = (event: UpdateEvent) => ui.window?.webContents.send(DesktopChannel.updateEvent, event);
  const updates = new UpdateMachine({ api, driver: electronUpdateDriver(log), os, versionCode, emit: sendUpdate, log });

  const handlers: IpcHandlers = {
    [DesktopChannel.checkForUpdate]: () => updates.check(),
    [DesktopChannel.installUpdate]: () => updates.install(),
    [DesktopChannel.authorizeAccount]: (id, platformId) =>
      authorizeAccount(id, platformId, { accounts, open: openLogin, log }),
    [DesktopChannel.checkAuthorizations]: (ids) => checkAuthorizations(ids, { accounts, check: checkLogin, log }),
    [DesktopChannel.syncFonts]: async (fonts) => {
      await syncFonts(fonts, { dir: paths.fonts, serverUrl, log });
    },
    [DesktopChannel.fontData]: (font) => readSyncedFont(paths.fonts, font),
    [DesktopChannel.openHelper]: (link) =>
      openHelper(link, {
        os,
        isRegistered: (l) => app.getApplicationNameForProtocol(l) !== '',
        openExternal: (l) => shell.openExternal(l),
        clientLinks: () => api.clientLinks(),
        log,
      }),
    [DesktopChannel.getChromiumPath]: async () => settings.get().chromiumPath || ((await chromiumPath()) ?? ''),
    [DesktopChannel.setChromiumPath]: async (path) => {
      await settings.update({ chromiumPath: path });
    },
    [DesktopChannel.detectChromium]: () =>
      findChromium({
        os,
        env: process.env,
        configured: settings.get().chromiumPath,
        test: (path) => testChromium(path, log),
      }),
    [DesktopChannel.testChromiumPath]: (path) => testChromium(path, log),
    [DesktopChannel.getSettings]: () => Promise.resolve(settings.get()),
    [DesktopChannel.setSettings]: (changes) => settings.update(changes),
    [DesktopChannel.exportDiagnostics]: async () => {
      const file = await exportDiagnostics({
        logDir: paths.logs,
        artefactDir: paths.artefacts,
        outDir: paths.diagnostics,
        about: {
          versionName,
          versionCode,
          os,
          arch: process.arch,
          electron: process.versions.electron,
          settings: settings.get(),
        },
      });
      shell.showItemInFolder(file);
      return file;
    },
    [DesktopChannel.signedIn]: (next) => member.signedIn(next),
    [DesktopChannel.signedOut]: () => member.signedOut(),
  };
  const route = createIpcRouter(handlers);
  const trusted = (sender: WebContents, frameUrl: string | undefined, isMainFrame: boolean) =>
    sender === ui.window?.webContents && isTrustedSender(frameUrl, isMainFrame, serverOrigin);
  for (const channel of Object.keys(handlers) as DesktopInvokeChannel[]) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      const frame = event.senderFrame;
      return route(channel, trusted(event.sender, frame?.url, frame === event.sender.mainFrame), args).catch(
        (error: unknown) => {
          log.warn('ipc call failed', { channel, error: String(error) });
          throw error;
        },
      );
    });
  }

  const ses = session.defaultSession;
  ses.setPermissionRequestHandler(permissionRequestHandler(serverOrigin));
  ses.setPermissionCheckHandler(permissionCheckHandler(serverOrigin));

  app.on('web-contents-created', (_event, contents) => {
    const guard = navigationGuard(serverOrigin, openExternal);
    contents.on('will-navigate', guard);
    contents.on('will-redirect', guard);
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(windowOpenHandler(openExternal));
  });

  const options = windowOptions(join(__dirname, 'preload.cjs'));
  const window = new BrowserWindow({
    ...options,
    webPreferences: {
      ...options.webPreferences,
      devTools: settings.get().devtools,
      additionalArguments: [`--vidmatrix-version-name=${versionName}`, `--vidmatrix-version-code=${versionCode}`],
    },
  });
  ui.window = window;
  window.once('ready-to-show', () => window.show());
  window.webContents.on('did-fail-load', (_event, code, description, url, isMainFrame) => {
    if (isMainFrame && code !== -3 && url.startsWith(serverOrigin)) {
      log.error('console failed to load', { code, description });
      void window.loadURL(offlinePage(serverUrl, description));
    }
  });
  if (settings.get().devtools) {
    window.webContents.openDevTools({ mode: 'detach' });
  }
  await window.loadURL(serverUrl);

  app.on('second-instance', () => {
    if (window.isMinimized()) {
      window.restore();
    }
    window.focus();
  });
  app.on('before-quit', () => {
    void tasks.shutdown();
  });
  app.on('window-all-closed', () => app.quit());
}

start().catch((error: unknown) => {
  console.error('shell failed to start', error);
  app.exit(1);
});
