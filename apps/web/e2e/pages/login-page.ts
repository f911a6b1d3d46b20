import type { Locator, Page } from '@playwright/test';

/** /login and /homeLogin: the sign-in form. */
export class LoginPage {
  readonly account: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly captchaImage: Locator;
  readonly captchaInput: Locator;

  constructor(readonly page: Page) {
    this.account = page.getByPlaceholder('请输入账号');
    this.password = page.getByPlaceholder('请输入密码');
    this.submit = page.getByRole('button', { name: /登\s*录/ });
    this.captchaImage = page.getByTestId('captcha-image');
    this.captchaInput = page.getByPlaceholder('请输入验证码');
  }

  async goto(path = '/login'): Promise<void> {
    await this.page.goto(path);
    await this.account.waitFor();
  }

  async signIn(account: string, password: string): Promise<void> {
    await this.account.fill(account);
    await this.password.fill(password);
    await this.submit.click();
  }
}
