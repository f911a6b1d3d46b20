import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { AccountApi, type AccountList } from '@vidmatrix/contract/api/enterprise-account';
import { MATERIAL_EXPORT_HEADERS } from '@vidmatrix/contract/api/material-export';
import type { LoginResult } from '@vidmatrix/contract/api/auth';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { readXlsx, xlsxFile as xlsx } from '@vidmatrix/fixtures';
import { AccountsPage } from './pages/accounts-page.ts';
import { apiLogin, expect, test, useToken } from './support/fixtures.ts';
import { runAdmin } from './support/admin.ts';
import { closeWithEscape, opened } from './support/antd.ts';
import { desktopCalls, installFakeDesktop, setDesktopAnswer } from './support/fake-desktop.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const HEADERS = ['昵称', '备注', '平台', '分组', '代理IP'];

async function loginAs(request: APIRequestContext, account: string, password: string): Promise<string> {
  const response = await request.post('/api/member.Login/login', { data: { account, password } });
  const body = (await response.json()) as Envelope<LoginResult>;
  expect(body.code, body.msg).toBe(200);
  return body.data.ApiToken;
}

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: object,
): Promise<T> {
  const response = await request.fetch(url, { method, headers: { [TOKEN_HEADER]: token }, ...(data ? { data } : {}) });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

const shot = (name: string) => join(repoRoot, 'test-results', 'accounts-shots', `${name}.png`);

test('a member imports, groups, filters, batch-edits, hits the quota, picks and exports accounts', async ({
  page,
  request,
}) => {
  // About eighty steps through dialogs: on a loaded two-core machine each takes seconds (slow is not broken).
  test.setTimeout(300_000);
  const account = `e2e_acc_${Date.now().toString(36)}`;
  const password = 'secret-123';
  runAdmin(['create-member', account, password, '--level', '1']);
  // 号C is imported with a proxy: the operator turns proxies (is_ip) on for this member.
  runAdmin(['set-features', account, '--proxy', 'on']);
  const token = await loginAs(request, account, password);
  await useToken(page, token, account);

  const accounts = new AccountsPage(page);
  await accounts.open();
  await expect(accounts.quota).toContainText('5');

  // Groups: add two, rename one.
  await page.getByTestId('manage-groups').click();
  await opened(page.getByRole('dialog', { name: '分组管理' }));
  await accounts.addGroup('华东组');
  await accounts.addGroup('华南组');
  await page.getByRole('button', { name: '重命名 华南组' }).click();
  await page.getByTestId('group-rename-input').fill('华南一组');
  await page.getByTestId('group-save').click();
  await expect(page.getByTestId('group-list').getByText('华南一组', { exact: true })).toBeVisible();
  await page.screenshot({ path: shot('groups') });
  await closeWithEscape(page, page.getByTestId('group-list'));

  // A file that is not a spreadsheet is refused with a clear message.
  await accounts.importFile('fake.xlsx', Buffer.from('昵称,备注\n'));
  await expect(accounts.toast('文件不是有效的Excel表格，请上传.xls或.xlsx文件')).toBeVisible();
  await page
    .locator('.ant-modal:visible')
    .getByRole('button', { name: /取\s*消/ })
    .click();

  // Import with two bad rows; the good ones land, the bad ones download with their reasons.
  const file = await xlsx([
    HEADERS,
    ['号A', '旗舰店', '抖音', '华东组', ''],
    ['号B', '', '快手', '', ''],
    ['号C', '直播号', '抖音企业号', '华南一组', '1.1.1.1'],
    ['', '没有昵称', '抖音', '', ''],
    ['坏平台号', '', '推特', '', ''],
  ]);
  await accounts.importFile('accounts.xlsx', file);
  await expect(accounts.importSummary).toContainText('成功新增 3 条数据，更新 0 条数据，导入失败 2 条数据。');
  await page.screenshot({ path: shot('import-summary') });
  const failed = await accounts.download(page.getByTestId('import-failed-download'));
  const failedRows = await readXlsx(readFileSync(await failed.path()));
  expect(failedRows).toEqual([
    [...HEADERS, '失败原因'],
    ['', '没有昵称', '抖音', '', '', '昵称不能为空'],
    ['坏平台号', '', '推特', '', '', '平台不存在：推特'],
  ]);
  await accounts.importSummary.getByRole('button', { name: /确\s*定/ }).click();
  await expect.poll(() => accounts.nicknames()).toEqual(['号C', '号B', '号A']);

  // Filters: group, remarks search, platform.
  await accounts.choose(accounts.groupFilter, '华东组（1）');
  await expect.poll(() => accounts.nicknames()).toEqual(['号A']);
  await accounts.choose(accounts.groupFilter, '全部分组');
  await accounts.search.fill('直播');
  await accounts.search.press('Enter');
  await expect.poll(() => accounts.nicknames()).toEqual(['号C']);
  await accounts.search.fill('');
  await accounts.search.press('Enter');
  await accounts.choose(accounts.platformFilter, '快手');
  await expect.poll(() => accounts.nicknames()).toEqual(['号B']);
  await accounts.choose(accounts.platformFilter, '全部平台');
  await expect.poll(() => accounts.nicknames()).toHaveLength(3);

  // Batch move every account into 华南一组.
  await accounts.selectAll.check();
  await page.getByTestId('batch-move').click();
  await accounts.choose(page.getByTestId('move-group-select'), '华南一组');
  await page
    .locator('.ant-modal:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(accounts.table.getByText('华南一组')).toHaveCount(3);

  // Edit one account's remarks.
  await accounts.row('号B').getByRole('button', { name: '编辑' }).click();
  await page.getByTestId('account-form').getByLabel('备注').fill('快手主号');
  await page
    .locator('.ant-modal:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(accounts.row('号B')).toContainText('快手主号');

  // Quota: two more fit (5 in all), the sixth is refused by the server.
  await accounts.addAccount('号D', '抖音');
  await expect(accounts.row('号D')).toBeVisible();
  await accounts.addAccount('号E', '抖音');
  await expect(accounts.row('号E')).toBeVisible();
  await accounts.addAccount('号F', '抖音');
  await expect(accounts.toast('账号数量已达上限（5个），请升级会员等级')).toBeVisible();
  await page
    .locator('.ant-modal:visible')
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await expect(accounts.quota).toContainText('0');
  await page.screenshot({ path: shot('accounts'), fullPage: true });

  // Authorization states as the desktop would report them, then the selector rules.
  const all = await api<AccountList>(request, token, 'GET', `${AccountApi.selectorList}?limit=0`);
  const id = (nickname: string) => all.list.find((a) => a.nickname === nickname)?.enterprise_account_id ?? 0;
  await api(request, token, 'POST', AccountApi.authCkStatus, {
    enterprise_account_id: id('号A'),
    cookie_auth_status: 1,
  });
  await api(request, token, 'POST', AccountApi.authCkStatus, {
    enterprise_account_id: id('号C'),
    cookie_auth_status: 1,
  });
  await api(request, token, 'POST', AccountApi.authCkAllStatus, {
    enterprise_account_id: `${id('号D')},${id('号B')}`,
    cookie_auth_status: 2,
  });
  await page.reload();
  await expect(accounts.row('号A')).toContainText('已授权');
  await expect(accounts.row('号D')).toContainText('授权过期');

  await page.getByTestId('pick-accounts').click();
  await expect(accounts.selectorRow('号A')).not.toHaveAttribute('data-disabled', 'true');
  await expect(accounts.selectorRow('号C')).not.toHaveAttribute('data-disabled', 'true');
  await accounts.selectorRow('号A').locator('input[type=checkbox]').check();
  await expect(accounts.selector).toContainText('已选 1 个');
  for (const [nickname, tooltip] of [
    ['号D', '该账号发布授权过期'],
    ['号E', '该账号未授权'],
    ['号B', '该账号平台授权过期'],
  ] as const) {
    await expect(accounts.selectorRow(nickname)).toHaveAttribute('data-disabled', 'true');
    await accounts.selectorRow(nickname).hover();
    await expect(page.getByRole('tooltip').filter({ hasText: tooltip })).toBeVisible();
  }
  await page.screenshot({ path: shot('selector') });
  await page.mouse.move(0, 0);
  await expect(accounts.selector).toContainText('已选 1 个');
  // Image-clip mode: platform 6 (号C) is never selectable.
  await page.getByTestId('image-clip-switch').click();
  await expect(accounts.selectorRow('号C')).toHaveAttribute('data-disabled', 'true');
  // Group filter with 全部分组 first, and search.
  await accounts.choose(page.getByTestId('selector-group'), '华东组');
  await expect(accounts.selector.getByTestId('selector-row')).toHaveCount(0);
  await accounts.choose(page.getByTestId('selector-group'), '全部分组');
  await page.getByTestId('selector-search').locator('input').fill('号E');
  await expect(accounts.selector.getByTestId('selector-row')).toHaveCount(1);
  await page
    .locator('.ant-modal:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  // The picked accounts become the page's selection, ready for its batch actions.
  await expect(page.getByTestId('batch-bar')).toContainText('已选 1 个账号');
  await expect(accounts.rowCheckbox('号A')).toBeChecked();
  await page.screenshot({ path: shot('picked') });

  // Re-authorization is desktop-only; the log shows when and why the state changed.
  await accounts.rowAction('号A', '重新授权');
  await expect(accounts.toast('请在客户端进行操作')).toBeVisible();
  await accounts.rowAction('号D', '授权记录');
  await expect(page.getByTestId('auth-log')).toContainText('客户端检测：授权已过期');
  await page.screenshot({ path: shot('auth-log') });
  await closeWithEscape(page, page.getByTestId('auth-log'));

  // Export: the whole list, then an empty filter says 暂无数据.
  const exported = await accounts.download(page.getByTestId('export-button'));
  const exportedRows = await readXlsx(readFileSync(await exported.path()));
  expect(exportedRows[0]).toEqual([...HEADERS, '授权状态', '访问状态', '主账号', '创建时间']);
  expect(
    exportedRows
      .slice(1)
      .map((r) => r[0])
      .sort(),
  ).toEqual(['号A', '号B', '号C', '号D', '号E']);
  await accounts.search.fill('不存在的账号');
  await accounts.search.press('Enter');
  await expect.poll(() => accounts.nicknames()).toEqual([]);
  await page.getByTestId('export-button').click();
  await expect(accounts.toast('暂无数据')).toBeVisible();
  await accounts.search.fill('');
  await accounts.search.press('Enter');

  // Deleting a group moves its accounts to no group.
  await page.getByTestId('manage-groups').click();
  await opened(page.getByRole('dialog', { name: '分组管理' }));
  await page.getByRole('button', { name: '删除 华南一组' }).click();
  await opened(page.locator('.ant-popconfirm'));
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByTestId('group-list').getByText('华南一组', { exact: true })).toHaveCount(0);
  await closeWithEscape(page, page.getByTestId('group-list'));
  await expect(accounts.table.getByText('华南一组')).toHaveCount(0);

  // Batch delete gives the quota back.
  await accounts.rowCheckbox('号E').check();
  await page.getByTestId('batch-delete').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(accounts.row('号E')).toHaveCount(0);
  await expect(accounts.quota).toContainText('1');

  // One account from its row's 更多 menu.
  await accounts.rowAction('号D', '删除');
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(accounts.row('号D')).toHaveCount(0);
  await expect(accounts.quota).toContainText('2');

  // Another member sees none of it.
  const other = await apiLogin(request);
  const theirs = await api<AccountList>(request, other.ApiToken, 'GET', `${AccountApi.selectorList}?limit=0`);
  expect(theirs.list.map((a) => a.nickname)).not.toContain('号A');
  await useToken(page, other.ApiToken);
  await accounts.open();
  await expect(accounts.table).toBeVisible();
  await expect(accounts.row('号A')).toHaveCount(0);
});

test('the desktop re-authorizes a cookie platform account and shows its outcome', async ({ page, request }) => {
  const account = `e2e_auth_${Date.now().toString(36)}`;
  runAdmin(['create-member', account, 'secret-123', '--level', '1']);
  const token = await loginAs(request, account, 'secret-123');
  for (const nickname of ['授权号', '失败号']) {
    await api(request, token, 'POST', AccountApi.add, { nickname, platform_id: 1 });
  }
  // The Electron preload cannot run here: a fake window.desktop records calls and answers what the test sets.
  await installFakeDesktop(page, 'linux');
  await useToken(page, token, account);
  const accounts = new AccountsPage(page);
  await accounts.open();
  await expect(accounts.row('授权号')).toContainText('未授权');

  const authCk = page.waitForRequest((r) => r.url().includes(AccountApi.authCkStatus));
  await accounts.rowAction('授权号', '重新授权');
  const sent = (await authCk).postDataJSON() as { enterprise_account_id: number; cookie_auth_status: number };
  await expect(accounts.toast('授权成功')).toBeVisible();
  await expect(accounts.row('授权号')).toContainText('已授权');
  const all = await api<AccountList>(request, token, 'GET', `${AccountApi.selectorList}?limit=0`);
  const authorizedId = all.list.find((a) => a.nickname === '授权号')?.enterprise_account_id;
  expect(sent).toMatchObject({ enterprise_account_id: authorizedId, cookie_auth_status: 1 });
  expect(await desktopCalls(page, 'authorizeAccount')).toEqual([[authorizedId, 1]]);
  await page.screenshot({ path: shot('desktop-reauthorized') });

  // The shell's refusal is shown as it says it, and nothing changes on the server.
  await setDesktopAnswer(page, 'authorize', { ok: false, msg: '登录窗口已关闭，授权未完成' });
  await accounts.rowAction('失败号', '重新授权');
  await expect(accounts.toast('登录窗口已关闭，授权未完成')).toBeVisible();
  await expect(accounts.row('失败号')).toContainText('未授权');
});

test('a member exports the material list, and 暂无数据 before it has any', async ({ page, request }) => {
  const account = `e2e_mexp_${Date.now().toString(36)}`;
  runAdmin(['create-member', account, 'secret-123', '--level', '1']);
  const token = await loginAs(request, account, 'secret-123');
  await useToken(page, token, account);
  await page.goto(ConsolePath.materials);
  await page.getByTestId('export-button').click();
  await expect(page.locator('.ant-message').getByText('暂无数据')).toBeVisible();

  // A 1×1 PNG stored through the multipart add.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const added = await request.post('/api/file.File/add', {
    headers: { [TOKEN_HEADER]: token },
    multipart: { file: { name: '导出图.png', mimeType: 'image/png', buffer: png } },
  });
  expect(((await added.json()) as Envelope<unknown>).code).toBe(200);
  await page.reload();
  const exported = await new AccountsPage(page).download(page.getByTestId('export-button'));
  expect(exported.suggestedFilename()).toBe('素材列表.xlsx');
  const rows = await readXlsx(readFileSync(await exported.path()));
  expect(rows[0]).toEqual([...MATERIAL_EXPORT_HEADERS]);
  expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([['导出图.png', '图片']]);
});
