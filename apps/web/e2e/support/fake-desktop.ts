import type { Page } from '@playwright/test';
import type {
  AuthorizeResult,
  ChromiumCheck,
  DesktopApi,
  DesktopSettings,
  HelperResult,
  UpdateEvent,
} from '@vidmatrix/contract/desktop-api';

/** What the fake shell answers; tests change these between steps with setDesktopAnswer. */
export interface FakeDesktopAnswers {
  authorize: AuthorizeResult;
  /** Events checkForUpdate emits, in order (the real shell emits them from electron-updater). */
  check: UpdateEvent[];
  helper: HelperResult | boolean;
  detect: ChromiumCheck;
  test: ChromiumCheck;
  diagnostics: string;
  settings: DesktopSettings;
  /** Where the fake reads a synced font's bytes from (the real shell reads its font folder); null: not synced. */
  fontUrl: string | null;
}

interface FakeDesktopHandle {
  calls: [string, ...unknown[]][];
  answers: FakeDesktopAnswers;
  emit: (event: UpdateEvent) => void;
}

const defaults: FakeDesktopAnswers = {
  authorize: { ok: true, msg: '' },
  check: [{ type: 'checking' }, { type: 'none', message: '当前已是最新版本' }],
  helper: { opened: true },
  detect: { ok: true, path: '/usr/bin/chromium', version: 'Chromium 130.0' },
  test: { ok: true, path: '/usr/bin/chromium', version: 'Chromium 130.0' },
  diagnostics: '/home/member/Vidmatrix/diagnostics-20261123.zip',
  settings: {
    serverUrl: 'https://matrix.example.com',
    chromiumPath: '',
    logLevel: 'info',
    devtools: false,
    showRunnerBrowser: false,
  },
  fontUrl: null,
};

/**
 * Puts a fake `window.desktop` (the full contract surface) in the page before any script runs: the
 * Electron preload cannot run here. Every call is recorded; update events are emitted by the test.
 */
export async function installFakeDesktop(
  page: Page,
  os: DesktopApi['os'] = 'win32',
  answers: Partial<FakeDesktopAnswers> = {},
): Promise<void> {
  await page.addInitScript(
    ([shellOs, given]) => {
      const listeners = new Set<(event: UpdateEvent) => void>();
      const handle: FakeDesktopHandle = {
        calls: [],
        answers: given,
        emit: (event) => listeners.forEach((listener) => listener(event)),
      };
      const record = (name: string, ...args: unknown[]) => {
        handle.calls.push([name, ...args]);
      };
      const fake: Required<DesktopApi> = {
        os: shellOs,
        versionName: '1.0.0',
        versionCode: 10000,
        checkForUpdate: () => {
          record('checkForUpdate');
          handle.answers.check.forEach(handle.emit);
          return Promise.resolve();
        },
        installUpdate: () => {
          record('installUpdate');
          return Promise.resolve();
        },
        onUpdate: (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        authorizeAccount: (id, platformId) => {
          record('authorizeAccount', id, platformId);
          return Promise.resolve(handle.answers.authorize);
        },
        checkAuthorizations: (ids) => {
          record('checkAuthorizations', ids);
          return Promise.resolve({});
        },
        syncFonts: (fonts) => {
          record('syncFonts', fonts);
          return Promise.resolve();
        },
        fontData: async (font) => {
          record('fontData', font);
          const url = handle.answers.fontUrl;
          return url ? new Uint8Array(await (await fetch(url)).arrayBuffer()) : null;
        },
        openHelper: (link) => {
          record('openHelper', link);
          return Promise.resolve(handle.answers.helper);
        },
        getChromiumPath: () => Promise.resolve(handle.answers.settings.chromiumPath),
        setChromiumPath: (path) => {
          record('setChromiumPath', path);
          handle.answers.settings = { ...handle.answers.settings, chromiumPath: path };
          return Promise.resolve();
        },
        detectChromium: () => {
          record('detectChromium');
          return Promise.resolve(handle.answers.detect);
        },
        testChromiumPath: (path) => {
          record('testChromiumPath', path);
          return Promise.resolve({ ...handle.answers.test, path });
        },
        getSettings: () => Promise.resolve(handle.answers.settings),
        setSettings: (changes) => {
          record('setSettings', changes);
          handle.answers.settings = { ...handle.answers.settings, ...changes };
          return Promise.resolve(handle.answers.settings);
        },
        exportDiagnostics: () => {
          record('exportDiagnostics');
          return Promise.resolve(handle.answers.diagnostics);
        },
        signedIn: (session) => record('signedIn', session),
        signedOut: () => record('signedOut'),
      };
      window.desktop = fake;
      (window as unknown as { fakeDesktop: FakeDesktopHandle }).fakeDesktop = handle;
    },
    [os, { ...defaults, ...answers }] as const,
  );
}

/** The calls the page made to the fake shell, optionally of one method, with their arguments. */
export async function desktopCalls(page: Page, method?: string): Promise<unknown[][]> {
  const calls = await page.evaluate(() => (window as unknown as { fakeDesktop: FakeDesktopHandle }).fakeDesktop.calls);
  return method ? calls.filter(([name]) => name === method).map(([, ...args]) => args) : calls;
}

/** Emits an update event as the shell's updater would. */
export async function emitUpdate(page: Page, event: UpdateEvent): Promise<void> {
  await page.evaluate((e) => (window as unknown as { fakeDesktop: FakeDesktopHandle }).fakeDesktop.emit(e), event);
}

/** Changes one answer of the fake shell for the rest of the page's life. */
export async function setDesktopAnswer<K extends keyof FakeDesktopAnswers>(
  page: Page,
  key: K,
  value: FakeDesktopAnswers[K],
): Promise<void> {
  await page.evaluate(
    ([k, v]) => {
      const handle = (window as unknown as { fakeDesktop: FakeDesktopHandle }).fakeDesktop;
      (handle.answers as unknown as Record<string, unknown>)[k] = v;
    },
    [key, value] as const,
  );
}
