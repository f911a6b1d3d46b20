import type { Page } from '@playwright/test';
import type { ConsolePage } from '../pages/console-page.ts';

/** Records desktop notifications and sound plays, with the permission granted. */
export async function spyOnAlerts(page: Page): Promise<void> {
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const w = window as unknown as { __notes: string[]; __sounds: number };
    w.__notes = [];
    w.__sounds = 0;
    class SpyNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      constructor(title: string) {
        w.__notes.push(title);
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: SpyNotification, configurable: true });
    HTMLMediaElement.prototype.play = function play() {
      w.__sounds += 1;
      return Promise.resolve();
    };
  });
}

/** The number on the navbar unread badge (0 when it shows none). */
export async function badgeValue(console: ConsolePage): Promise<number> {
  // The count is a <sup> titled with the number (the navbar draws it without antd's Badge).
  const count = console.unreadBadge.locator('sup[title]');
  return (await count.count()) === 0 ? 0 : Number((await count.getAttribute('title')) ?? 0);
}

/** The notification titles and sound plays recorded since the page loaded. */
export const alerts = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __notes: string[]; __sounds: number };
    return { notes: w.__notes, sounds: w.__sounds };
  });
