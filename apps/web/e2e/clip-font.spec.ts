import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { desktopCalls, installFakeDesktop } from './support/fake-desktop.ts';

// Issue 11: the fonts getFront lists (the renderer's own) draw the subtitle preview: in a browser from
// the file the server serves, in the desktop from the copy the shell synced. This host's only Chinese
// font is a collection Chromium refuses (wqy-microhei.ttc, "FFTM: misaligned table"); the server serves
// each of its faces as a single-face font, which Chromium loads (no sanitizer error in the console).

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const PAGE = '/clip/AddTaskOneClick';

/** The families the page loaded through FontFace (not the system's own fonts). */
const loadedFaces = (page: Page) =>
  page.evaluate(() =>
    [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replace(/^"|"$/g, '')),
  );

test('in a browser the subtitle preview draws with the font file the server serves', async ({ page, signedIn }) => {
  expect(signedIn.ApiToken).toBeTruthy();
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/static/fonts/')) {
      fontRequests.push(request.url());
    }
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/OTS parsing error/.test(message.text())) {
      refused.push(message.text());
    }
  });
  await page.goto(PAGE);
  const preview = page.getByTestId('font-preview');
  await expect(preview).toHaveAttribute('data-font', /.+/, { timeout: 30_000 });
  const family = await preview.getAttribute('data-font');
  expect(await loadedFaces(page)).toContain(family);
  expect(fontRequests.length).toBeGreaterThan(0);
  // The served file itself loaded: Chromium's sanitizer refused nothing (no fallback to the installed family).
  expect(refused).toEqual([]);
  // The font is offered by its Chinese name (the family libass matches stays the value).
  await expect(page.getByText('文泉驿微米黑', { exact: true }).first()).toBeVisible();
  await preview.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(repoRoot, 'test-results', 'clip-shots', 'font-preview-1440.png') });
});

test('in the desktop the preview draws with the copy the shell synced', async ({ page, request, signedIn }) => {
  const listed = await request.post('/api/seoaivideo.BatchPublish/getFront', {
    headers: { memberToken: signedIn.ApiToken },
  });
  const fonts = ((await listed.json()) as { data: { value: string; path: string }[] }).data;
  const first = fonts[0];
  expect(first?.path).toMatch(/^\/static\/fonts\//);
  // The fake shell's font folder: the server's file read with a marker, so the page's reads can be told apart.
  await installFakeDesktop(page, 'win32', { fontUrl: `${first?.path}?local=1` });
  const fontRequests: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/static/fonts/')) {
      fontRequests.push(url.search);
    }
  });
  await page.goto(PAGE);
  const preview = page.getByTestId('font-preview');
  await expect(preview).toHaveAttribute('data-font', /.+/, { timeout: 30_000 });
  const family = await preview.getAttribute('data-font');
  const asked = (await desktopCalls(page, 'fontData')) as [{ value: string; path: string }][];
  expect(asked.map(([font]) => font.value)).toContain(family);
  expect(await loadedFaces(page)).toContain(family);
  // Only the shell's copy was read, never the server's file directly.
  expect(fontRequests).toEqual(['?local=1']);
});
