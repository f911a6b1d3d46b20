import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg } from '@vidmatrix/contract/messages';
import { sandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox, type Sandbox } from '@vidmatrix/platform-sandbox/server';
import { sandboxOptions } from '@vidmatrix/publisher/test-support';
import { accountStore, authorizeAccount, pushAuthorizationAtStart } from './accounts.ts';
import { createApiClient } from './api-client.ts';
import { publisherLogin } from './browser-login.ts';
import { createMemoryLogger } from './log.ts';
import { envelope, startTestServer } from './test-server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

describe.runIf(existsSync(CHROMIUM))('authorization in the local browser (platform sandbox, Chromium)', () => {
  it('authorizes an account by QR in its own profile, then the start-up check pushes it as valid', async () => {
    const userData = await mkdtemp(join(tmpdir(), 'desktop-auth-'));
    const accounts = accountStore(userData);
    const control = sandboxControl(sandbox.url);
    const options = sandboxOptions(sandbox.url, join(userData, 'artefacts'));
    const purposes: string[] = [];
    const login = publisherLogin(
      (purpose) => {
        purposes.push(purpose);
        return Promise.resolve(options);
      },
      // The sandbox's scan call stands in for the member's phone.
      async (account, image) => {
        await control.scan(image, `member-${account.enterpriseAccountId}`);
      },
    );
    const log = createMemoryLogger();

    // Douyin (platform 1): scanned here. Kuaishou (platform 2): a profile that never logged in.
    expect(await authorizeAccount(101, 1, { accounts, open: login.open, log })).toEqual({
      ok: true,
      msg: Msg.authSuccess,
    });
    await accounts.remember(102, 2);

    const api = await startTestServer({
      'GET /api/member.EnterpriseAccount/getEnterpriseAccountList': envelope({
        list: [
          { enterprise_account_id: 101, cookie_auth_status: 1 },
          { enterprise_account_id: 102, cookie_auth_status: 1 },
        ],
        count: 2,
      }),
      'POST /api/customer.AuthPlatform/authCkAllStatus': envelope({ changed: 1 }),
    });
    try {
      const outcome = await pushAuthorizationAtStart({
        accounts,
        check: login.check,
        api: createApiClient({ serverUrl: api.url, memberToken: () => 'mt' }),
        log,
      });
      expect(outcome).toEqual({ valid: [101], invalid: [102], unknown: [] });
      expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { enterprise_account_id: '101', cookie_auth_status: 1, reason: Msg.authReasonCheckValid },
        { enterprise_account_id: '102', cookie_auth_status: 2, reason: Msg.authReasonCheckExpired },
      ]);
      expect(purposes).toEqual(['login', 'check', 'check']);
    } finally {
      await api.close();
    }
  });
});
