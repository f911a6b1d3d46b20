import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';
import { postSigned } from './support/webhook.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shotDir = join(repoRoot, 'test-results', 'site-shots');

async function shotAt(page: Page, width: number, height: number, name: string): Promise<void> {
  await page.setViewportSize({ width, height });
  // ECharts redraws on the box's resize; wait until every panel has its canvas at the new size.
  await expect
    .poll(() =>
      page.locator('[data-testid^=panel-] canvas').evaluateAll((canvases) =>
        canvases.every((c) => {
          const box = c.parentElement?.getBoundingClientRect();
          return box !== undefined && Math.abs(c.getBoundingClientRect().width - box.width) < 2;
        }),
      ),
    )
    .toBe(true);
  await page.screenshot({ path: join(shotDir, `${name}.png`), fullPage: true });
}

/** The value of the KPI with this label. */
function kpi(page: Page, label: string) {
  return page.getByTestId('kpi').filter({ hasText: label }).getByTestId('kpi-value');
}

test('the data screen shows the matrix and follows a lead, an authorization and a material live over the websocket', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInNewMember(page, request, 'screen');
  const token = await page.evaluate(() => localStorage.getItem('memberToken') ?? '');

  // A new member: every panel says what will show there, no ring of zeros with dangling labels.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/largeDataScreen');
  await expect(page.getByTestId('panel-empty')).toHaveCount(5);
  await expect(page.locator('[data-testid^=panel-] canvas')).toHaveCount(0);
  await page.screenshot({ path: join(shotDir, 'data-screen-empty-1440.png') });

  const accountIds: number[] = [];
  for (const [nickname, platform_id] of [
    ['抖音主号', 1],
    ['抖音二号', 1],
    ['小红书号', 3],
  ] as const) {
    const res = await request.post(AccountApi.add, {
      headers: { memberToken: token },
      data: { nickname, platform_id },
    });
    const body = (await res.json()) as Envelope<{ enterprise_account_id: number }>;
    expect(body.code, body.msg).toBe(200);
    accountIds.push(body.data.enterprise_account_id);
  }

  await page.goto('/largeDataScreen');
  const screen = page.getByTestId('data-screen');
  await expect(screen).toBeVisible();
  await expect(kpi(page, '账号总数')).toHaveText('3');
  await expect(kpi(page, '近14天线索')).toHaveText('0');
  for (const panel of ['accounts', 'health']) {
    await expect(page.getByTestId(`panel-${panel}`).locator('canvas')).toHaveCount(1);
  }
  for (const panel of ['materials', 'leads', 'publishes']) {
    await expect(page.getByTestId(`panel-${panel}`).getByTestId('panel-empty')).toBeVisible();
  }
  // Full screen: the console's sidebar is covered.
  const box = await screen.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0 });

  // A customer leaves a phone number: the message frame makes the screen read its figures again.
  await postSigned(request, token, {
    enterprise_account_id: accountIds[0],
    customer_id: `dy-screen-${Date.now()}`,
    customer_name: '意向客户',
    content: '想了解一下价格，我的电话 13912345678',
  });
  await expect(kpi(page, '近14天线索')).toHaveText('1', { timeout: 30_000 });
  await expect(page.getByTestId('panel-leads').locator('canvas')).toHaveCount(1);
  await expect(kpi(page, '授权正常')).toHaveText('0%');

  // An account is authorized, then a material is added: each change reaches the open screen, no reload.
  const authorized = await request.post(AccountApi.authCkStatus, {
    headers: { memberToken: token },
    data: { enterprise_account_id: accountIds[0], cookie_auth_status: 1 },
  });
  expect(((await authorized.json()) as Envelope<unknown>).code).toBe(200);
  await expect(kpi(page, '授权正常')).toHaveText('33%', { timeout: 30_000 });
  await expect(kpi(page, '素材数量')).toHaveText('0');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const added = await request.post('/api/file.File/add', {
    headers: { memberToken: token },
    multipart: { file: { name: '大屏素材.png', mimeType: 'image/png', buffer: png } },
  });
  expect(((await added.json()) as Envelope<unknown>).code).toBe(200);
  await expect(kpi(page, '素材数量')).toHaveText('1', { timeout: 30_000 });

  await shotAt(page, 1920, 1080, 'data-screen-1920');
  await shotAt(page, 1440, 900, 'data-screen-1440');
  await shotAt(page, 1366, 768, 'data-screen-1366');
  await shotAt(page, 390, 844, 'data-screen-390');
});
