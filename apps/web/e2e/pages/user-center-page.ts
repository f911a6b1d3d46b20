import type { Locator, Page } from '@playwright/test';
import { PublicPath } from '@vidmatrix/contract/console-paths';

/** /userCenter: profile, membership, sessions and password. */
export class UserCenterPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto(PublicPath.userCenter);
  }

  get nickname(): Locator {
    return this.page.getByLabel('昵称');
  }

  get phone(): Locator {
    return this.page.getByLabel('手机号');
  }

  get avatar(): Locator {
    return this.page.getByTestId('profile-avatar');
  }

  get sessions(): Locator {
    return this.page.getByTestId('session-row');
  }

  get levelExpiry(): Locator {
    return this.page.getByTestId('level-expiry');
  }

  quota(label: '账号数量' | '云空间'): Locator {
    return this.page.getByTestId(`quota-${label}`);
  }

  toast(text: string): Locator {
    return this.page.locator('.ant-message').getByText(text);
  }

  /** Chooses an avatar file and confirms the cropper. */
  async changeAvatar(file: string): Promise<void> {
    await this.page.locator('input[type=file]').first().setInputFiles(file);
    await this.page
      .getByRole('dialog', { name: '裁剪头像' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
  }
}
