import { openAccount, type PublisherOptions } from '@vidmatrix/publisher/run-job';
import type { LocalAccount, LoginChecker, LoginOpener } from './accounts.ts';

/** Why a browser opens: a quick headless check, or a login the person sees (headed on a desktop). */
export type BrowserPurpose = 'check' | 'login';

/**
 * Publisher's account browser as the core's checker and opener: each opens the account's own
 * profile, does one thing and closes it (Chrome locks a profile to one browser).
 */
export function publisherLogin(
  options: (purpose: BrowserPurpose) => Promise<PublisherOptions>,
  onQr: (account: LocalAccount, image: string) => void | Promise<void> = () => undefined,
): { check: LoginChecker; open: LoginOpener } {
  const session = async (account: LocalAccount, purpose: BrowserPurpose) =>
    openAccount({ id: String(account.enterpriseAccountId), profileDir: account.profileDir }, await options(purpose));
  return {
    async check(account) {
      const browser = await session(account, 'check');
      try {
        return await browser.checkLogin(account.platform);
      } finally {
        await browser.close().catch(() => undefined);
      }
    },
    async open(account) {
      const browser = await session(account, 'login');
      try {
        await browser.loginByQr(account.platform, (image) => onQr(account, image));
      } finally {
        await browser.close().catch(() => undefined);
      }
    },
  };
}
