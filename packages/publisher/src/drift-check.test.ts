import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_PLATFORMS } from '@vidmatrix/contract/rules/publish-rules';
import { sandboxControl, type SandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox, type Sandbox } from '@vidmatrix/platform-sandbox/server';
// run-job first: it loads the steps registry before the connectors' steps (they import the flow).
import { connectorFor, openAccount, type AccountSession, type PublisherOptions } from './run-job.ts';
import { CONNECTORS } from './connectors/registry.ts';
import { checkSignedIn, runDriftCheck } from './drift-check.ts';
import { sandboxOptions, tempDir } from '../test/support.ts';

// The drift check against the platform sandbox, whose sites are drawn from research/connectors.md and
// not from the connectors: 正常 on its pages, 页面已变化 naming the element when a new front-end build
// renames it. One browser profile is signed in to all five sites (the sandbox scopes each site's
// cookies to its prefix), so the file launches a browser for it and for the orchestration test only.

const user = 'drift-check';
let sandbox: Sandbox;
let control: SandboxControl;
let options: PublisherOptions;
let profileDir: string;
let session: AccountSession | undefined;

/** The options with a short wait for Kuaishou's pages: its check below ends on an element that never comes. */
function withShortKuaishouWait(base: PublisherOptions): PublisherOptions {
  const kuaishou = base.connectors?.kuaishou;
  return {
    ...base,
    connectors: {
      ...base.connectors,
      kuaishou: { ...kuaishou, timeouts: { ...kuaishou?.timeouts, loginCheck: 2_000 } },
    },
  };
}

beforeAll(async () => {
  sandbox = await startSandbox();
  control = sandboxControl(sandbox.url);
  const dir = await tempDir('drift');
  options = sandboxOptions(sandbox.url, join(dir, 'artefacts'));
  profileDir = join(dir, 'profile');
  session = await openAccount({ id: user, profileDir }, options);
  for (const platform of PUBLISH_PLATFORMS) {
    const login = await session.page.request.post(`${sandbox.url}/${platform}/__sandbox/login`, {
      data: { account: user },
    });
    expect(login.ok()).toBe(true);
    // A work in each list, so the check looks at the list's items too.
    await control.addWork({ platform, user, title: '上周的探店视频', durationSec: 3 });
  }
});

afterAll(async () => {
  await session?.close();
  await sandbox?.close();
});

describe('drift check on the sandbox', () => {
  it('finds every element of the five definitions without uploading or posting', async () => {
    const page = session!.page;
    for (const platform of PUBLISH_PLATFORMS) {
      expect({ platform, missing: await checkSignedIn(page, connectorFor(platform, options)) }).toEqual({
        platform,
        missing: [],
      });
    }
    // Nothing went up and nothing was posted: each account still has only the work put there.
    for (const platform of PUBLISH_PLATFORMS) {
      expect(await control.creates(platform, user)).toEqual({ accepted: 0, requests: 0 });
      expect(await control.works(platform, user)).toHaveLength(1);
    }
    expect(await control.timings()).toEqual([]);
  });

  it('an empty works list on an account that published through us is a changed list, not one without posts', async () => {
    const kuaishou = connectorFor('kuaishou', options);
    // The list's items no longer answer to the connector's selector (a renamed class): the list reads empty.
    const def = { ...kuaishou, selectors: { ...kuaishou.selectors, workItem: 'div[class^="_video-card_"]' } };
    expect(await checkSignedIn(session!.page, def)).toEqual([]); // no posts known: an account without any
    expect(await checkSignedIn(session!.page, def, 1)).toEqual(['workItem']);
  });

  it('tells a logged-out account apart from a changed page', async () => {
    await control.expireSession('douyin', user);
    expect(await checkSignedIn(session!.page, connectorFor('douyin', options))).toBe('logged_out');
  });

  it('reports per platform: 页面已变化 naming what a new front-end build renamed, 未检查 without an account', async () => {
    await session?.close();
    session = undefined;
    // Kuaishou's new build renames its hashed classes: `_upload-btn` becomes `_upload-trigger` (as SAU #58 saw).
    await control.setSwitches('kuaishou', { kuaishouNewBuild: true });
    const findings = await runDriftCheck({
      publisher: withShortKuaishouWait(options),
      platforms: ['kuaishou', 'bilibili'],
      // Bilibili has no account on this runner: its login page is checked, its signed-in pages are not.
      targets: [{ platform: 'kuaishou', accountId: 1, profileDir }],
    });
    expect(findings).toEqual([
      {
        platform: 'kuaishou',
        state: 'changed',
        missing: ['上传按钮'],
        connector_version: CONNECTORS.kuaishou.version,
      },
      { platform: 'bilibili', state: 'unchecked', missing: [], connector_version: CONNECTORS.bilibili.version },
    ]);
  });
});
