/**
 * The typed surface the Electron preload exposes as `window.desktop` (ARCHITECTURE: one preload
 * object). The web client detects it to send `platform: pc` at login and to show desktop-only actions.
 */

/** Events of the update flow (SPEC §4): available → install → progress → none or error. */
export type UpdateEvent =
  | { type: 'available'; versionName: string; versionInfo: string }
  | { type: 'progress'; transferredMb: number; totalMb: number }
  | { type: 'downloaded' }
  | { type: 'none' }
  | { type: 'error'; message: string };

/** Outcome of authorizing an account in the local browser. */
export interface AuthorizeResult {
  ok: boolean;
  msg: string;
}

export interface DesktopApi {
  /** Operating system of the shell. */
  os: 'win32' | 'darwin' | 'linux';
  /** The shell's version name and numeric code. */
  versionName: string;
  versionCode: number;
  /** Asks the shell to check for an update; events arrive through onUpdate. */
  checkForUpdate(): Promise<void>;
  /** Installs a downloaded update and restarts. */
  installUpdate(): Promise<void>;
  /** Subscribes to update events; returns the unsubscribe function. */
  onUpdate(listener: (event: UpdateEvent) => void): () => void;
  /** Opens the platform's login in the local browser and stores the account's cookies. */
  authorizeAccount(enterpriseAccountId: number, platformId: number): Promise<AuthorizeResult>;
  /** Checks stored cookies of the given accounts; true means still valid. */
  checkAuthorizations(enterpriseAccountIds: number[]): Promise<Record<number, boolean>>;
  /** Downloads the fonts the server lists (value, path) into the local font folder. */
  syncFonts(fonts: { value: string; path: string }[]): Promise<void>;
  /** Opens the super terminal helper through its custom protocol; false when it is not installed. */
  openHelper(link: string): Promise<boolean>;
  /** The local Chromium path used for authorization (the /chromiumPath page). */
  getChromiumPath(): Promise<string>;
  setChromiumPath(path: string): Promise<void>;
  /** Tells the shell the member signed out, so it drops its session state. */
  signedOut(): void;
}
