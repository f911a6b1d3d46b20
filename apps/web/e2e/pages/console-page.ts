import type { Locator, Page } from '@playwright/test';

/** The console layout: sidebar, navbar and footer status bar. */
export class ConsolePage {
  readonly sidebar: Locator;
  readonly toggle: Locator;
  readonly userMenu: Locator;
  readonly logoutButton: Locator;
  readonly statusBar: Locator;
  readonly unreadBadge: Locator;
  readonly aiStaffSection: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByTestId('sidebar');
    this.toggle = page.getByTestId('sidebar-toggle');
    this.userMenu = page.getByTestId('user-menu');
    this.logoutButton = page.getByTestId('logout');
    this.statusBar = page.getByTestId('status-bar');
    this.unreadBadge = page.getByTestId('unread-badge');
    this.aiStaffSection = page.getByText('AI智能体员工', { exact: true });
  }

  /** Opens the user dropdown and picks an entry. */
  async pickUserMenu(label: string): Promise<void> {
    await this.userMenu.click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }
}
