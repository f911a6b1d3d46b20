import { z } from 'zod';
import type { DesktopApi, UpdateEvent } from '../desktop-api.ts';
import { fontItem } from './desktop-sync.ts';

/** The IPC channels of `window.desktop`: one per method, plus the update event pushed to the page. */
export const DesktopChannel = {
  checkForUpdate: 'desktop:update-check',
  installUpdate: 'desktop:update-install',
  updateEvent: 'desktop:update-event',
  authorizeAccount: 'desktop:account-authorize',
  checkAuthorizations: 'desktop:account-check',
  syncFonts: 'desktop:fonts-sync',
  fontData: 'desktop:font-data',
  openHelper: 'desktop:helper-open',
  getChromiumPath: 'desktop:chromium-get',
  setChromiumPath: 'desktop:chromium-set',
  detectChromium: 'desktop:chromium-detect',
  testChromiumPath: 'desktop:chromium-test',
  getSettings: 'desktop:settings-get',
  setSettings: 'desktop:settings-set',
  exportDiagnostics: 'desktop:diagnostics-export',
  signedIn: 'desktop:signed-in',
  signedOut: 'desktop:signed-out',
} as const satisfies Record<Exclude<keyof DesktopApi, 'os' | 'versionName' | 'versionCode' | 'onUpdate'>, string> &
  Record<'updateEvent', string>;

const id = z.number().int().positive();
const path = z.string().trim().max(1024);
const logLevel = z.enum(['debug', 'info', 'warn', 'error']);

/** Settings as stored and sent (the shell's JSON file uses the same schema). */
export const desktopSettings = z.object({
  serverUrl: z.url({ protocol: /^https?$/ }),
  chromiumPath: path,
  logLevel,
  devtools: z.boolean(),
  showRunnerBrowser: z.boolean(),
});

const chromiumCheck = z.object({
  ok: z.boolean(),
  path: z.string(),
  version: z.string().optional(),
  error: z.string().optional(),
});

/** Arguments (a tuple) and result of every invoke channel; the main process parses both. */
export const desktopIpc = {
  [DesktopChannel.checkForUpdate]: { args: z.tuple([]), result: z.void() },
  [DesktopChannel.installUpdate]: { args: z.tuple([]), result: z.void() },
  [DesktopChannel.authorizeAccount]: {
    args: z.tuple([id, id]),
    result: z.object({ ok: z.boolean(), msg: z.string() }),
  },
  [DesktopChannel.checkAuthorizations]: {
    args: z.tuple([z.array(id).max(1000)]),
    result: z.record(z.string(), z.boolean()),
  },
  [DesktopChannel.syncFonts]: { args: z.tuple([z.array(fontItem).max(500)]), result: z.void() },
  [DesktopChannel.fontData]: {
    args: z.tuple([fontItem.pick({ value: true, path: true })]),
    result: z.instanceof(Uint8Array).nullable(),
  },
  [DesktopChannel.openHelper]: {
    // A custom-protocol link (scheme://...); web schemes go through the window-open rules instead.
    args: z.tuple([
      z
        .string()
        .max(2048)
        .regex(/^[a-z][a-z0-9+.-]*:/i),
    ]),
    result: z.object({ opened: z.boolean(), downloadUrl: z.string().optional() }),
  },
  [DesktopChannel.getChromiumPath]: { args: z.tuple([]), result: z.string() },
  [DesktopChannel.setChromiumPath]: { args: z.tuple([path]), result: z.void() },
  [DesktopChannel.detectChromium]: { args: z.tuple([]), result: chromiumCheck },
  [DesktopChannel.testChromiumPath]: { args: z.tuple([path.min(1)]), result: chromiumCheck },
  [DesktopChannel.getSettings]: { args: z.tuple([]), result: desktopSettings },
  [DesktopChannel.setSettings]: {
    args: z.tuple([desktopSettings.omit({ serverUrl: true }).partial().strict()]),
    result: desktopSettings,
  },
  [DesktopChannel.exportDiagnostics]: { args: z.tuple([]), result: z.string() },
  [DesktopChannel.signedIn]: {
    args: z.tuple([z.object({ memberId: id, memberToken: z.string().min(1).max(512) })]),
    result: z.void(),
  },
  [DesktopChannel.signedOut]: { args: z.tuple([]), result: z.void() },
} satisfies Record<
  Exclude<(typeof DesktopChannel)[keyof typeof DesktopChannel], 'desktop:update-event'>,
  {
    args: z.ZodTuple;
    result: z.ZodType;
  }
>;

/** A channel the page may invoke. */
export type DesktopInvokeChannel = keyof typeof desktopIpc;

/** The update event the main process pushes to the page. */
export const updateEvent: z.ZodType<UpdateEvent> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('checking') }),
  z.object({
    type: z.literal('available'),
    versionName: z.string(),
    versionInfo: z.string(),
    versionCode: z.number().int(),
    sizeMb: z.number().nonnegative(),
  }),
  z.object({ type: z.literal('progress'), transferredMb: z.number().nonnegative(), totalMb: z.number().nonnegative() }),
  z.object({ type: z.literal('downloaded') }),
  z.object({ type: z.literal('none'), message: z.string() }),
  z.object({ type: z.literal('error'), kind: z.enum(['update-error', 'download']), message: z.string() }),
]);
