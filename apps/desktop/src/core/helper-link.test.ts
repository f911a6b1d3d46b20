import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client.ts';
import { openHelper, type HelperLinkDeps } from './helper-link.ts';
import { createMemoryLogger } from './log.ts';
import { envelope, startTestServer } from './test-server.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
});

async function deps(os: HelperLinkDeps['os'], registered: boolean) {
  const server = await startTestServer({
    'GET /api/setting.SystemVersion/getNewVersionInfo': envelope({
      mac_config_url: 'https://dl.example.com/helper.dmg',
      windows_url: 'https://dl.example.com/helper.exe',
    }),
  });
  close = server.close;
  const opened: string[] = [];
  const api = createApiClient({ serverUrl: server.url });
  return {
    opened,
    server,
    deps: {
      os,
      isRegistered: () => registered,
      openExternal: (link: string) => {
        opened.push(link);
        return Promise.resolve();
      },
      clientLinks: () => api.clientLinks(),
      log: createMemoryLogger(),
    } satisfies HelperLinkDeps,
  };
}

describe('super terminal helper link', () => {
  it('opens the custom protocol when it is registered', async () => {
    const { deps: d, opened, server } = await deps('win32', true);
    expect(await openHelper('vidmatrix-helper://open?token=abc', d)).toEqual({ opened: true });
    expect(opened).toEqual(['vidmatrix-helper://open?token=abc']);
    expect(server.requests).toEqual([]);
  });

  it('offers the Windows or Mac download from the client links when it is not', async () => {
    const win = await deps('win32', false);
    expect(await openHelper('vidmatrix-helper://open', win.deps)).toEqual({
      opened: false,
      downloadUrl: 'https://dl.example.com/helper.exe',
    });
    expect(win.opened).toEqual([]);
    await close?.();
    const mac = await deps('darwin', false);
    expect(await openHelper('vidmatrix-helper://open', mac.deps)).toEqual({
      opened: false,
      downloadUrl: 'https://dl.example.com/helper.dmg',
    });
  });

  it('never opens web, file or script links through the helper path', async () => {
    const { deps: d, opened } = await deps('win32', true);
    for (const link of [
      'https://evil.example.com',
      'file:///C:/Windows/system32/calc.exe',
      'javascript:alert(1)',
      'not a link',
    ]) {
      expect(await openHelper(link, d)).toEqual({ opened: false });
    }
    expect(opened).toEqual([]);
  });
});
