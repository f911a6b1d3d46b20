import { contextBridge, ipcRenderer } from 'electron';
import type { z } from 'zod';
import {
  DesktopChannel,
  desktopIpc,
  updateEvent,
  type DesktopInvokeChannel,
} from '@vidmatrix/contract/api/desktop-ipc';
import type { DesktopApi, UpdateEvent } from '@vidmatrix/contract/desktop-api';

// The version comes from the main process as arguments (a sandboxed preload reads no files).
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--vidmatrix-${name}=`))?.split('=')[1] ?? '';

type Ipc = typeof desktopIpc;

/** Invokes a channel after checking the arguments against the contract (the main process checks again). */
function invoke<C extends DesktopInvokeChannel>(
  channel: C,
  ...args: z.input<Ipc[C]['args']>
): Promise<z.infer<Ipc[C]['result']>> {
  const parsed = desktopIpc[channel].args.safeParse(args);
  if (!parsed.success) {
    return Promise.reject(new TypeError(`invalid arguments for ${channel}`));
  }
  return ipcRenderer.invoke(channel, ...(parsed.data as unknown[])) as Promise<z.infer<Ipc[C]['result']>>;
}

const desktop = {
  os: process.platform === 'darwin' || process.platform === 'win32' ? process.platform : 'linux',
  versionName: arg('version-name'),
  versionCode: Number(arg('version-code')) || 0,
  checkForUpdate: () => invoke(DesktopChannel.checkForUpdate),
  installUpdate: () => invoke(DesktopChannel.installUpdate),
  onUpdate(listener: (event: UpdateEvent) => void) {
    const handler = (_event: unknown, payload: unknown) => {
      const parsed = updateEvent.safeParse(payload);
      if (parsed.success) {
        listener(parsed.data);
      }
    };
    ipcRenderer.on(DesktopChannel.updateEvent, handler);
    return () => {
      ipcRenderer.off(DesktopChannel.updateEvent, handler);
    };
  },
  authorizeAccount: (id: number, platformId: number) => invoke(DesktopChannel.authorizeAccount, id, platformId),
  checkAuthorizations: (ids: number[]) => invoke(DesktopChannel.checkAuthorizations, ids),
  syncFonts: (fonts: Parameters<DesktopApi['syncFonts']>[0]) => invoke(DesktopChannel.syncFonts, fonts),
  fontData: (font: { value: string; path: string }) => invoke(DesktopChannel.fontData, font),
  openHelper: (link: string) => invoke(DesktopChannel.openHelper, link),
  getChromiumPath: () => invoke(DesktopChannel.getChromiumPath),
  setChromiumPath: (path: string) => invoke(DesktopChannel.setChromiumPath, path),
  detectChromium: () => invoke(DesktopChannel.detectChromium),
  testChromiumPath: (path: string) => invoke(DesktopChannel.testChromiumPath, path),
  getSettings: () => invoke(DesktopChannel.getSettings),
  setSettings: (changes: Parameters<NonNullable<DesktopApi['setSettings']>>[0]) =>
    invoke(DesktopChannel.setSettings, changes),
  exportDiagnostics: () => invoke(DesktopChannel.exportDiagnostics),
  signedIn(session: { memberId: number; memberToken: string }) {
    void invoke(DesktopChannel.signedIn, session).catch(() => undefined);
  },
  signedOut() {
    void invoke(DesktopChannel.signedOut).catch(() => undefined);
  },
} satisfies DesktopApi;

contextBridge.exposeInMainWorld('desktop', desktop);
