import type { Page } from '@playwright/test';

/** React's hydration errors: minified #418 (text), #423 (recoverable), #425 (content) or the development text. */
export const HYDRATION_ERROR = /hydrat|#418|#423|#425/i;

/**
 * Collects the hydration errors a page reports from now on (console errors and uncaught errors): a
 * pre-rendered page whose first client render differs from its HTML. A spec asserts the list is empty.
 */
export function collectHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(error.message)) {
      errors.push(error.message);
    }
  });
  return errors;
}
