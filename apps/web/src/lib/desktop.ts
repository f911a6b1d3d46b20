import type { DesktopApi } from '@vidmatrix/contract/desktop-api';
import type { ClientPlatform } from '@vidmatrix/contract/api/auth';

declare global {
  interface Window {
    /** Present only inside the Electron shell (one typed preload object). */
    desktop?: DesktopApi;
  }
}

/** The desktop shell's API, or undefined in a browser. */
export function getDesktop(): DesktopApi | undefined {
  return typeof window === 'undefined' ? undefined : window.desktop;
}

/** True inside the desktop shell. */
export function isDesktop(): boolean {
  return getDesktop() !== undefined;
}

/** `pc` in the desktop shell, `web` in a browser (SPEC §3 login payload). */
export function clientPlatform(): ClientPlatform {
  return isDesktop() ? 'pc' : 'web';
}
