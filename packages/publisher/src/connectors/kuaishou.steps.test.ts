import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccount } from '../run-job.ts';
import { publishBench, type PublishBench } from '../../test/support.ts';

describe('kuaishou QR login when the form goes away under a click', () => {
  let bench: PublishBench;

  beforeAll(async () => {
    bench = await publishBench('kuaishou-steps');
  });
  afterAll(async () => {
    await bench?.close();
  });

  // The login read the page as "QR hidden, switch shown" and clicked the switch just as a confirmed scan
  // took the page away: the click waited for a switch that never came back (its whole timeout, then the
  // login failed). Forced here: the scan confirms, and the page leaves the form, exactly when Playwright
  // is about to click the switch (a locator handler runs right before an action on a visible element).
  it('reads the page again and finds the login done, instead of waiting for the switch', async () => {
    const session = await openAccount({ id: 'ks-race', profileDir: join(bench.dir, 'profile-race') }, bench.options);
    const { page } = session;
    const raced: string[] = [];
    try {
      await page.addLocatorHandler(
        page.locator('main#login-form div.platform-switch'),
        async () => {
          // The phone confirms the code still hidden behind the switch; the page goes on by itself.
          const qr = (await page.locator('main#login-form div.qr-login img').getAttribute('src')) ?? '';
          await bench.control.scan(qr, 'ks-race');
          await page.waitForURL(/\/kuaishou\/article\//, { waitUntil: 'commit' });
          raced.push(page.url());
        },
        { times: 1, noWaitAfter: true },
      );
      const relayed: string[] = [];
      await session.loginByQr('kuaishou', (image) => {
        relayed.push(image);
      });
      // The click was dispatched into the race (the handler ran once), and no QR was ever shown.
      expect(raced).toHaveLength(1);
      expect(relayed).toEqual([]);
      expect(await session.checkLogin('kuaishou')).toBe('valid');
    } finally {
      await session.close();
    }
  });
});
