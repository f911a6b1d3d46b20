/**
 * The typed surface the Electron preload exposes as `window.desktop` (ARCHITECTURE: one preload
 * object). The web client detects it to send `platform: pc` at login and to show desktop-only actions.
 * Every method crosses IPC on a channel of `api/desktop-ipc.ts`, whose schemas both ends validate.
 */

/** Events of the update flow (SPEC §4): checking → available → (安装并重启) progress → downloaded, or none / error. */
export type UpdateEvent =
  | { type: 'checking' }
  | { type: 'available'; versionName: string; versionInfo: string; versionCode: number; sizeMb: number }
  | { type: 'progress'; transferredMb: number; totalMb: number }
  | { type: 'downloaded' }
  | { type: 'none'; message: string }
  /** `update-error` is shown as info; `download` shows the returned msg as an error (SPEC §8). */
  | { type: 'error'; kind: 'update-error' | 'download'; message: string };

/** Outcome of authorizing an account in the local browser. */
export interface AuthorizeResult {
  ok: boolean;
  msg: string;
}

/** What opening the super terminal helper did: opened, or the download to offer instead (SPEC §2.7). */
export interface HelperResult {
  opened: boolean;
  /** mac_config_url or windows_url of the client links when the protocol is not registered. */
  downloadUrl?: string;
}

/** Log levels the shell writes. */
export type DesktopLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** The system and debug settings the shell keeps (/chromiumPath, /debugger). */
export interface DesktopSettings {
  /** The member's deployment the window loads. */
  serverUrl: string;
  /** The browser the runner and authorization use; empty means found automatically. */
  chromiumPath: string;
  logLevel: DesktopLogLevel;
  /** Open the developer tools with the window. */
  devtools: boolean;
  /** Run the publishing browser headed, so a person can watch it. */
  showRunnerBrowser: boolean;
}

/** Result of testing a browser path: its version when it launched, otherwise why not. */
export interface ChromiumCheck {
  ok: boolean;
  path: string;
  version?: string;
  error?: string;
}

/** The signed-in member, as the web client tells the shell after login. */
export interface DesktopSession {
  memberId: number;
  memberToken: string;
}

/**
 * The page comes from the server and may be newer than the installed shell, so members added after
 * the first release are optional: the page feature-detects them (`desktop.getSettings?.()`).
 */
export interface DesktopApi {
  /** Operating system of the shell. */
  os: 'win32' | 'darwin' | 'linux';
  /** The shell's version name and numeric code. */
  versionName: string;
  versionCode: number;
  /** Asks the shell to check for an update; events arrive through onUpdate. */
  checkForUpdate(): Promise<void>;
  /** 安装并重启: downloads the available update (progress events), then installs and restarts. */
  installUpdate(): Promise<void>;
  /** Subscribes to update events; returns the unsubscribe function. */
  onUpdate(listener: (event: UpdateEvent) => void): () => void;
  /** Opens the platform's login in the local browser and stores the account's cookies. */
  authorizeAccount(enterpriseAccountId: number, platformId: number): Promise<AuthorizeResult>;
  /** Checks stored cookies of the given accounts; true means still valid. */
  checkAuthorizations(enterpriseAccountIds: number[]): Promise<Record<number, boolean>>;
  /** Downloads the fonts getFront lists (value, path; size and sha256 when given) into the local font folder. */
  syncFonts(fonts: { value: string; path: string; size?: number; sha256?: string }[]): Promise<void>;
  /** The bytes of a synced font (the clip preview draws with the local copy), or null when it is not synced. */
  fontData?(font: { value: string; path: string }): Promise<Uint8Array | null>;
  /**
   * Opens the super terminal helper through its custom protocol, or names the download to offer.
   * Shells before issue 11 answer only a boolean (false: offer the client links' download).
   */
  openHelper(link: string): Promise<HelperResult | boolean>;
  /** The local Chromium path used for authorization (the /chromiumPath page). */
  getChromiumPath(): Promise<string>;
  setChromiumPath(path: string): Promise<void>;
  /** Finds a browser on this computer and tests it by launching it. */
  detectChromium?(): Promise<ChromiumCheck>;
  /** Launches the given browser once to prove it works. */
  testChromiumPath?(path: string): Promise<ChromiumCheck>;
  /** The system and debug settings (/chromiumPath, /debugger). */
  getSettings?(): Promise<DesktopSettings>;
  setSettings?(changes: Partial<Omit<DesktopSettings, 'serverUrl'>>): Promise<DesktopSettings>;
  /** Writes logs and the last failures' screenshots into an archive; resolves with its path. */
  exportDiagnostics?(): Promise<string>;
  /** Tells the shell who signed in: it checks authorizations and starts task sync for them. */
  signedIn?(session: DesktopSession): void;
  /** Tells the shell the member signed out, so it drops its session state. */
  signedOut(): void;
}

/** The super terminal helper's custom-protocol link (SPEC §2.7); the helper registers the scheme when installed. */
export const SUPER_TERMINAL_LINK = 'vidmatrix-terminal://open';
