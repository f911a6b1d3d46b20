import type { z } from 'zod';
import { desktopIpc, type DesktopInvokeChannel } from '@vidmatrix/contract/api/desktop-ipc';

/** One handler per invoke channel, typed from the contract's schemas. */
export type IpcHandlers = {
  [C in DesktopInvokeChannel]: (
    ...args: z.infer<(typeof desktopIpc)[C]['args']>
  ) => Promise<z.input<(typeof desktopIpc)[C]['result']>>;
};

/** Thrown for a call the main process refuses: unknown channel, wrong sender, invalid arguments. */
export class IpcRefused extends Error {}

/**
 * Routes one `ipcRenderer.invoke` to its handler: the sender must be trusted, the arguments must
 * parse against the channel's schema, and the result is parsed too before it goes back.
 */
export function createIpcRouter(handlers: IpcHandlers) {
  return async (channel: string, trusted: boolean, args: unknown[]): Promise<unknown> => {
    if (!trusted) {
      throw new IpcRefused(`untrusted sender on ${channel}`);
    }
    if (!Object.hasOwn(desktopIpc, channel)) {
      throw new IpcRefused(`unknown channel ${channel}`);
    }
    const key = channel as DesktopInvokeChannel;
    const schema = desktopIpc[key];
    const parsed = schema.args.safeParse(args);
    if (!parsed.success) {
      throw new IpcRefused(`invalid arguments on ${channel}`);
    }
    const handler = handlers[key] as (...a: unknown[]) => Promise<unknown>;
    return schema.result.parse(await handler(...(parsed.data as unknown[])));
  };
}
