import { createHash } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { LoginResult } from '@vidmatrix/contract/api/auth';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import { demo } from './demo.ts';
import { agreeWithRequest } from './policy.ts';

export { demo } from './demo.ts';

/** A stable, per-test client address, so login counters and rate limits never leak between tests. */
function addressFor(testId: string): string {
  const bytes = createHash('sha256').update(testId).digest();
  return `10.${bytes[0] ?? 0}.${bytes[1] ?? 0}.${((bytes[2] ?? 0) % 250) + 1}`;
}

/** Signs the demo member in through the API and returns the tokens. */
export async function apiLogin(request: APIRequestContext): Promise<LoginResult> {
  const response = await request.post('/api/member.Login/login', {
    data: { account: demo.account, password: demo.password },
  });
  const body = (await response.json()) as Envelope<LoginResult>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** Revokes a token through the logout API. */
export async function apiLogout(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.post('/api/member.Logout/logout', { headers: { [TOKEN_HEADER]: token }, data: {} });
  expect(response.ok()).toBeTruthy();
}

/**
 * Puts a token where the client keeps it (localStorage memberToken), as a login would. The member
 * has agreed to the user agreement first, so no policy panel covers the page (policy.spec.ts tests it).
 * The storage is written from the site's icon, a document of the same origin that runs no script:
 * opening the home page for it booted the client once more per test, a second or more of CPU each.
 * The test then opens the page it is about.
 */
export async function useToken(page: Page, token: string, username = demo.account): Promise<void> {
  await agreeWithRequest(page.request, token);
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('memberToken', t);
      localStorage.setItem('username', u);
    },
    [token, username] as const,
  );
}

export const test = base.extend<{ signedIn: LoginResult }>({
  // Playwright reads fixture dependencies from the destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ 'X-Forwarded-For': addressFor(testInfo.testId) });
  },
  /** A page whose localStorage already holds a fresh demo token. */
  signedIn: async ({ page, request }, use) => {
    const tokens = await apiLogin(request);
    await useToken(page, tokens.ApiToken);
    await use(tokens);
  },
});

export { expect };
