import type { Locator, Page } from '@playwright/test';

/** A public page under the site layout: its header navigation, live dot and content. */
export class SitePage {
  readonly nav: Locator;
  readonly liveDot: Locator;
  readonly hero: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: '主导航' });
    this.liveDot = page.getByTestId('live-dot');
    this.hero = page.locator('main h1').first();
  }

  async open(path: string, heading: string | RegExp): Promise<void> {
    await this.page.goto(path);
    await this.page.getByRole('heading', { level: 1, name: heading }).waitFor();
  }
}
