import type { ClientLinks } from '@vidmatrix/contract/api/setting';
import type { DesktopApi, HelperResult } from '@vidmatrix/contract/desktop-api';
import type { Logger } from './log.ts';

/** Schemes that are never the helper: the web, files and script. */
const REFUSED = new Set(['http:', 'https:', 'file:', 'javascript:', 'data:', 'blob:', 'about:', 'ftp:']);

export interface HelperLinkDeps {
  os: DesktopApi['os'];
  /** True when the OS has an application for the scheme (Electron's getApplicationNameForProtocol). */
  isRegistered: (link: string) => boolean;
  openExternal: (link: string) => Promise<void>;
  clientLinks: () => Promise<ClientLinks>;
  log: Logger;
}

/**
 * The super terminal helper (SPEC §2.7): opens its custom-protocol link when the protocol is
 * registered; otherwise names the Mac or Windows download from the client links to offer instead.
 */
export async function openHelper(link: string, deps: HelperLinkDeps): Promise<HelperResult> {
  let scheme: string;
  try {
    scheme = new URL(link).protocol;
  } catch {
    return { opened: false };
  }
  if (REFUSED.has(scheme)) {
    deps.log.warn('helper link refused', { scheme });
    return { opened: false };
  }
  if (deps.isRegistered(link)) {
    try {
      await deps.openExternal(link);
      return { opened: true };
    } catch (error) {
      deps.log.warn('helper link failed to open', { error: String(error) });
    }
  }
  const links = await deps.clientLinks().catch((error: unknown) => {
    deps.log.warn('client links unavailable', { error: String(error) });
    return undefined;
  });
  const downloadUrl = deps.os === 'darwin' ? links?.mac_config_url : links?.windows_url;
  return downloadUrl ? { opened: false, downloadUrl } : { opened: false };
}
