import { join } from 'node:path';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { fixtureDir, makeVideo } from '@vidmatrix/fixtures';
import { MaterialsPage } from './pages/materials-page.ts';
import { PublishPage } from './pages/publish-page.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';
import { queryServerDb } from './support/server-db.ts';

// A batch to one account on each of the five platforms: its video × account matrix fits the console
// at 1440 px, beside the menu, with no sideways scrolling (issue 22: it used to scroll).

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shot = (name: string) => join(repoRoot, 'test-results', 'publish-shots', `${name}.png`);

const ACCOUNTS = [
  ['抖音门店号', 1],
  ['快手门店号', 2],
  ['小红书门店号', 3],
  ['视频号门店号', 4],
  ['B站门店号', 5],
] as const;

test('the five-account matrix has no horizontal overflow at 1440 px', async ({ page, request }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const account = await signInNewMember(page, request, 'pubmatrix');
  const token = await page.evaluate(() => localStorage.getItem('memberToken') ?? '');
  const member = { [TOKEN_HEADER]: token };
  for (const [nickname, platformId] of ACCOUNTS) {
    const added = await request.post(AccountApi.add, { headers: member, data: { nickname, platform_id: platformId } });
    const body = (await added.json()) as Envelope<unknown>;
    expect(body.code, body.msg).toBe(200);
  }
  // Authorized as a runner's QR login would leave them (the login itself is runner-auth.spec's).
  const nicknames = ACCOUNTS.map(([nickname]) => nickname);
  const marked = await queryServerDb(
    (p) =>
      `update enterprise_account set cookie_auth_status = 1, access_status = 1 where nickname in (${nicknames
        .map((_, i) => p(i + 1))
        .join(', ')}) and member_id = (select id from member where account = ${p(nicknames.length + 1)})`,
    [...nicknames, account],
  );
  expect(marked.changes).toBe(5);

  const file = makeVideo(join(fixtureDir('vm-e2e-pubmatrix-'), '春季新品到店探店合集第一期.mp4'), {
    seconds: 2,
    width: 240,
    height: 320,
  });
  const materials = new MaterialsPage(page);
  await materials.open();
  await materials.chooseFiles([file]);
  await expect(materials.submit).toBeEnabled({ timeout: 60_000 });
  await materials.submit.click();
  await expect(materials.card('春季新品到店探店合集第一期.mp4').getByTestId('material-duration')).toHaveText('00:02', {
    timeout: 120_000,
  });

  const publish = new PublishPage(page);
  await publish.open('new');
  await publish.pickVideos(['春季新品到店探店合集第一期.mp4']);
  await publish.pickAccounts(ACCOUNTS.map(([nickname]) => nickname));
  await publish.fillCopy('春季新品到店', ['探店']);
  await publish.submit.click();
  await expect(page).toHaveURL(/batch=\d+/);
  await expect(publish.matrix.locator('[data-state]')).toHaveCount(5);
  for (const [nickname] of ACCOUNTS) {
    await expect(publish.matrix.getByRole('columnheader', { name: nickname })).toBeVisible();
  }

  // Neither the page nor the matrix's own scroller is wider than what it shows.
  const overflow = await publish.matrix.evaluate((matrix) => {
    const scrollers = [...matrix.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')];
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      matrix: Math.max(0, ...scrollers.map((el) => el.scrollWidth - el.clientWidth)),
      scrollers: scrollers.length,
    };
  });
  expect(overflow.scrollers).toBeGreaterThan(0);
  expect(overflow).toEqual({ page: 0, matrix: 0, scrollers: overflow.scrollers });
  await publish.matrix.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('matrix-five-accounts-1440'), fullPage: true });
});
