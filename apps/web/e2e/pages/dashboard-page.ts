import type { Locator, Page } from '@playwright/test';

/** /dashboard when signed in. */
export class DashboardPage {
  readonly nickname: Locator;
  readonly level: Locator;
  readonly remainingAccounts: Locator;
  readonly remainingSpace: Locator;
  readonly expire: Locator;

  constructor(readonly page: Page) {
    this.nickname = page.getByTestId('dashboard-nickname');
    this.level = page.getByTestId('dashboard-level');
    this.remainingAccounts = page.getByTestId('remaining-accounts');
    this.remainingSpace = page.getByTestId('remaining-space');
    this.expire = page.getByTestId('dashboard-expire');
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard');
  }
}
