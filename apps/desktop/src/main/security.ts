import type { BrowserWindowConstructorOptions, HandlerDetails, WindowOpenHandlerResponse } from 'electron';

/**
 * The window's security settings and session handlers, as pure values and functions so a test can
 * assert every one (the window itself cannot open on CI machines). Electron's security checklist:
 * isolation, sandbox, no Node in the page, web security on, no navigation away, no new windows,
 * permissions denied unless listed, IPC only from the console's own origin.
 */

/** The BrowserWindow options of the console window. */
export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1440,
    height: 900,
    minWidth: 1200,
    minHeight: 760,
    show: false,
    title: 'AI获客矩阵',
    backgroundColor: '#141414',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
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
      safeDialogs: true,
      spellcheck: false,
      devTools: true,
    },
  };
}

/** The origin of a URL, or undefined when it has none (data:, about:, garbage). */
export function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** True when `url` is on the member's deployment. */
export function isServerUrl(url: string, serverOrigin: string): boolean {
  return originOf(url) === serverOrigin;
}

/** Only web links leave the app, in the system browser (never file:, custom schemes or script). */
export function isExternalAllowed(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** `will-navigate` / `will-redirect`: the window stays on the console's origin. */
export function navigationGuard(serverOrigin: string, openExternal: (url: string) => void) {
  return (event: { preventDefault(): void }, url: string): void => {
    if (isServerUrl(url, serverOrigin)) {
      return;
    }
    event.preventDefault();
    if (isExternalAllowed(url)) {
      openExternal(url);
    }
  };
}

/** `setWindowOpenHandler`: no new windows; web links go to the system browser. */
export function windowOpenHandler(openExternal: (url: string) => void) {
  return (details: Pick<HandlerDetails, 'url'>): WindowOpenHandlerResponse => {
    if (isExternalAllowed(details.url)) {
      openExternal(details.url);
    }
    return { action: 'deny' };
  };
}

/** Permissions the console may use, and only from its own origin (SPEC §4: 您有新消息 notifications). */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set([
  'notifications',
  'clipboard-sanitized-write',
  'fullscreen',
]);

/** `setPermissionRequestHandler`: everything else is denied. */
export function permissionRequestHandler(serverOrigin: string) {
  return (
    _webContents: unknown,
    permission: string,
    callback: (granted: boolean) => void,
    details: { requestingUrl?: string },
  ): void => {
    callback(ALLOWED_PERMISSIONS.has(permission) && isServerUrl(details.requestingUrl ?? '', serverOrigin));
  };
}

/** `setPermissionCheckHandler`: the same rule for synchronous checks. */
export function permissionCheckHandler(serverOrigin: string) {
  return (_webContents: unknown, permission: string, requestingOrigin: string): boolean =>
    ALLOWED_PERMISSIONS.has(permission) && originOf(requestingOrigin) === serverOrigin;
}

/** IPC is answered only for the console's main frame on the server's origin. */
export function isTrustedSender(frameUrl: string | undefined, isMainFrame: boolean, serverOrigin: string): boolean {
  return isMainFrame && frameUrl !== undefined && isServerUrl(frameUrl, serverOrigin);
}

/** The policy of the one local page (shown when the server cannot be reached): no script at all. */
export const LOCAL_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A data: page without script or privileges, telling the person the console could not be loaded. */
export function offlinePage(serverUrl: string, detail: string): string {
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${LOCAL_CSP}"><title>AI获客矩阵</title>
<style>body{font:15px/1.7 system-ui,sans-serif;background:#141414;color:#ddd;display:grid;place-items:center;height:100vh;margin:0}main{max-width:520px}</style>
</head><body><main><h2>无法连接服务器</h2><p>${escapeHtml(serverUrl)}</p><p>${escapeHtml(detail)}</p><p>请检查网络后重新打开客户端。</p></main></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
