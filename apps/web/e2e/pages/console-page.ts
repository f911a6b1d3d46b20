import { expect, type Locator, type Page } from '@playwright/test';

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

  /** Every in-app path the sidebar links to, submenus included (their links are in the DOM while folded). */
  async sidebarPaths(): Promise<string[]> {
    // The dashboard's link is there from the start; the server's menus join it when they arrive.
    await expect.poll(() => this.sidebar.locator('a[role="menuitem"]').count()).toBeGreaterThan(1);
    const hrefs = await this.sidebar
      .locator('a[role="menuitem"]')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    return [...new Set(hrefs)];
  }

  /** How far the page is wider than the viewport, px (0 when it does not scroll sideways). */
  async sidewaysOverflow(): Promise<number> {
    return this.page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return Math.max(0, root.scrollWidth - root.clientWidth);
    });
  }

  /** How far the page is taller than the viewport, px (0 when it does not scroll). */
  async verticalOverflow(): Promise<number> {
    return this.page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return Math.max(0, root.scrollHeight - root.clientHeight);
    });
  }

  /**
   * Scrolls the page through its length and, at each stop, looks at points along the navbar and the
   * status bar: what draws there instead of the bar (`tag.class` of each), none when the bars stay on top.
   */
  async barsCovered(): Promise<string[]> {
    return this.page.evaluate(() => {
      const bars = ['console-header', 'status-bar'].map((id) => document.querySelector(`[data-testid="${id}"]`));
      const scroller = document.scrollingElement ?? document.documentElement;
      const found = new Set<string>();
      const end = scroller.scrollHeight - scroller.clientHeight;
      for (let top = 0; top <= end + 40; top += 40) {
        scroller.scrollTop = top;
        for (const bar of bars) {
          if (!bar) {
            found.add('no bar');
            continue;
          }
          const box = bar.getBoundingClientRect();
          for (let x = box.left + 4; x < box.right; x += 16) {
            for (const y of [box.top + 1, box.top + box.height / 2, box.bottom - 1]) {
              const hit = document.elementFromPoint(x, y);
              if (hit && !bar.contains(hit)) {
                found.add(`${hit.tagName.toLowerCase()}.${hit.getAttribute('class')?.split(' ')[0] ?? ''}`);
              }
            }
          }
        }
      }
      scroller.scrollTop = 0;
      return [...found];
    });
  }

  /** Opens the user dropdown and picks an entry. */
  async pickUserMenu(label: string): Promise<void> {
    await this.userMenu.click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }
}
