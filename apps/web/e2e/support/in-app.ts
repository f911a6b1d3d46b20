import type { Page } from '@playwright/test';

/**
 * Goes to `path` inside the console already open in `page`, as a menu link does: the router renders
 * the page, the loaded client keeps its code, session and socket. A test walking through several pages
 * opens the first with `page.goto` and, once it shows, the rest with this (pushed while the first load
 * is still under way, the address would cut that navigation short); a cold load of the client for each page cost
 * a second or more of CPU apiece on the two-core CI machines (docs/decisions.md, "CI time (session 16)").
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    // The router follows the address on popstate, as it does for the browser's back and forward.
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}
