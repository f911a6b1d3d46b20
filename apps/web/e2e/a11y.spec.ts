import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { ConsolePath, PublicPath } from '@vidmatrix/contract/console-paths';
import { expect, test } from './support/fixtures.ts';
import { seedMemberRows } from './support/member-rows.ts';
import { signInNewMember } from './support/members.ts';

/** axe-core's browser bundle (a dev dependency of the web client). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The critical and serious axe findings on the page as it stands, one line each (rule, count, targets). */
async function seriousFindings(page: Page): Promise<string[]> {
  // Measure what a member sees: the route, its requests and antd's entrance animations have settled.
  await expect(page.getByRole('status', { name: '加载中' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // Evaluated, not a <script> tag: the app's Content-Security-Policy refuses inline scripts, as it should.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${v.impact} ${v.id} ×${v.nodes.length} (${v.help}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`,
    );
}

test('public pages: no critical or serious axe findings', async ({ page }) => {
  const found: string[] = [];
  for (const path of ['/', PublicPath.login, PublicPath.register]) {
    await page.goto(path);
    found.push(...(await seriousFindings(page)).map((line) => `${path}: ${line}`));
  }
  expect(found).toEqual([]);
});

test('console pages with rows: no critical or serious axe findings', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInNewMember(page, request, 'a11y');
  await seedMemberRows(request, await page.evaluate(() => localStorage.getItem('memberToken') ?? ''));
  const found: string[] = [];
  const paths = [
    PublicPath.dashboard,
    ConsolePath.materials,
    `${ConsolePath.batchPublish}?tab=new`,
    ConsolePath.accounts,
    ConsolePath.customerLeads,
  ];
  for (const path of paths) {
    await page.goto(path);
    found.push(...(await seriousFindings(page)).map((line) => `${path}: ${line}`));
  }
  expect(found).toEqual([]);
});
