import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureDir, makeImage, makeVideo } from '@vidmatrix/fixtures';
import { AccountsPage } from './pages/accounts-page.ts';
import { MaterialsPage } from './pages/materials-page.ts';
import { runAdmin } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';

// Issue 13.12: the §6 feature flags decide what a member can do: batch download and proxies.

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shotDir = join(repoRoot, 'test-results', 'feature-flags-shots');
const shot = (name: string) => join(shotDir, `${name}.png`);

/** Names in a zip, read by Python's zipfile after its CRC check of every entry. */
function zipNames(file: string): string[] {
  const script =
    'import json,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint(json.dumps(z.namelist()))';
  return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' })) as string[];
}

test('batch download: a zip of the chosen materials, refused beyond the maximum, hidden when off', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  mkdirSync(shotDir, { recursive: true });
  const account = await signInNewMember(page, request, 'zip');
  const dir = fixtureDir('vm-e2e-zip-');
  const files = [makeImage(join(dir, '主图.png')), makeVideo(join(dir, 'demo.mp4'), { seconds: 2 })];
  const materials = new MaterialsPage(page);
  await materials.open();
  await materials.chooseFiles(files);
  await expect(materials.formDialog.getByTestId('upload-item')).toHaveCount(2);
  await expect(materials.submit).toBeEnabled({ timeout: 60_000 });
  await materials.submit.click();
  await expect(materials.toast('添加成功')).toBeVisible();
  await expect(materials.cards).toHaveCount(2);

  // New members may download up to 50 at once: choose both, one zip arrives.
  const button = page.getByTestId('material-batch-download');
  await page.getByRole('button', { name: /^全\s*选$/ }).click();
  // The toast is awaited beside the download: it lasts seconds, and reading the zip under load can outlast it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    expect(materials.toast('下载完成')).toBeVisible(),
    button.click(),
  ]);
  await page.screenshot({ path: shot('01-downloaded') });
  expect(download.suggestedFilename()).toBe('素材.zip');
  expect(zipNames(await download.path()).sort()).toEqual(['demo.mp4', '主图.png']);

  // The operator lowers the maximum to 1: two chosen are refused with the limit.
  // The server may answer member info from its short cache (≤ 5 s) until it drops: reload until it shows.
  runAdmin(['set-features', account, '--batch-download', '1']);
  await expect(async () => {
    await page.reload();
    await expect(materials.cards).toHaveCount(2);
    await expect(button).toHaveAttribute('title', '一次最多下载1个素材', { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await page.getByRole('button', { name: /^全\s*选$/ }).click();
  await button.click();
  await expect(materials.toast('一次最多下载1个素材')).toBeVisible();
  await page.screenshot({ path: shot('02-too-many') });

  // Off: no button at all.
  runAdmin(['set-features', account, '--batch-download', 'off']);
  await expect(async () => {
    await page.reload();
    await expect(materials.cards).toHaveCount(2);
    await expect(page.getByRole('button', { name: '批量标签' })).toBeVisible();
    await expect(button).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 60_000 });
});

test('the 代理IP field appears only for members with proxies (is_ip)', async ({ page, request }) => {
  test.setTimeout(120_000);
  mkdirSync(shotDir, { recursive: true });
  const account = await signInNewMember(page, request, 'prx');
  const accounts = new AccountsPage(page);
  await accounts.open();
  await page.getByTestId('add-account').click();
  const dialog = page.getByRole('dialog', { name: '添加账号' });
  await expect(dialog.getByLabel('备注')).toBeVisible();
  await expect(dialog.getByTestId('account-form-proxy')).toHaveCount(0);
  await page.screenshot({ path: shot('03-no-proxy') });

  runAdmin(['set-features', account, '--proxy', 'on']);
  await expect(async () => {
    await page.reload();
    await page.getByTestId('add-account').click();
    await expect(dialog.getByTestId('account-form-proxy')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await page.screenshot({ path: shot('04-proxy') });
});
