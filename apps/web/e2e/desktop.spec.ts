import { join } from 'node:path';
import type { LoginBody, LoginResult } from '@vidmatrix/contract/api/auth';
import type { DesktopSession } from '@vidmatrix/contract/desktop-api';
import { SUPER_TERMINAL_LINK } from '@vidmatrix/contract/desktop-api';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import { ConsolePage } from './pages/console-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { UpdateDialogs } from './pages/update-dialogs.ts';
import { runAdmin } from './support/admin.ts';
import { desktopCalls, emitUpdate, installFakeDesktop, setDesktopAnswer } from './support/fake-desktop.ts';
import { demo, expect, test } from './support/fixtures.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shot = (name: string) => join(repoRoot, 'test-results', 'desktop-shots', `${name}.png`);

test('in the desktop, login sends platform pc, the shell learns who signed in, and logout tells it', async ({
  page,
}) => {
  await installFakeDesktop(page);
  const login = new LoginPage(page);
  await login.goto('/login');
  const sent = page.waitForRequest((r) => r.url().includes('/api/member.Login/login'));
  const answered = page.waitForResponse((r) => r.url().includes('/api/member.Login/login'));
  await login.signIn(demo.account, demo.password);
  expect(((await sent).postDataJSON() as LoginBody).platform).toBe('pc');
  const tokens = ((await (await answered).json()) as Envelope<LoginResult>).data;
  await expect(page).toHaveURL(/\/dashboard$/);

  await expect.poll(() => desktopCalls(page, 'signedIn')).toHaveLength(1);
  const [[session]] = (await desktopCalls(page, 'signedIn')) as [[DesktopSession]];
  expect(session.memberToken).toBe(tokens.ApiToken);
  expect(session.memberId).toBeGreaterThan(0);

  // On a reload the session is told again: the shell may have restarted in between.
  await page.reload();
  await expect.poll(() => desktopCalls(page, 'signedIn')).toEqual([[session]]);

  await new ConsolePage(page).logoutButton.click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect.poll(() => desktopCalls(page, 'signedOut')).toHaveLength(1);
});

test('the update dialog follows the shell: available → 安装并重启 → progress in MB → downloaded', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.ApiToken).toBeTruthy();
  // The shell's start-up check finds a release: the console asks for it, nobody presses 检查更新.
  await installFakeDesktop(page, 'win32', {
    check: [
      { type: 'checking' },
      {
        type: 'available',
        versionName: '1.2.0',
        versionInfo: '1. 新增批量发布\n2. 修复授权问题',
        versionCode: 10200,
        sizeMb: 80,
      },
    ],
  });
  await page.goto('/dashboard');
  const dialogs = new UpdateDialogs(page);
  await expect(new ConsolePage(page).statusBar).toContainText('v1.0.0');
  await expect(dialogs.update).toBeVisible();
  expect(await desktopCalls(page, 'checkForUpdate')).toEqual([[]]);
  await expect(dialogs.update).toContainText('v1.2.0');
  await expect(dialogs.notes).toContainText('新增批量发布');
  await page.screenshot({ path: shot('update-available') });

  await dialogs.install.click();
  await expect.poll(() => desktopCalls(page, 'installUpdate')).toHaveLength(1);
  await expect(dialogs.progress).toBeVisible();
  await expect(dialogs.install).toHaveCount(0);
  await emitUpdate(page, { type: 'progress', transferredMb: 20, totalMb: 80 });
  await expect(dialogs.progress).toContainText('20.0 MB / 80.0 MB');
  await expect(dialogs.progress.locator('.ant-progress')).toHaveAttribute('aria-valuenow', '25');
  await page.screenshot({ path: shot('update-downloading') });

  await emitUpdate(page, { type: 'downloaded' });
  await expect(dialogs.progress).toContainText('下载完成');
  await expect(dialogs.progress.locator('.ant-progress')).toHaveAttribute('aria-valuenow', '100');
});

test('update errors: update-error shows as info, a download error shows the returned msg', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.ApiToken).toBeTruthy();
  await installFakeDesktop(page);
  await page.goto('/dashboard');
  const dialogs = new UpdateDialogs(page);
  await expect(new ConsolePage(page).statusBar).toBeVisible();

  await emitUpdate(page, { type: 'error', kind: 'update-error', message: '检查更新失败：网络不可用' });
  await expect(dialogs.toast('检查更新失败：网络不可用', 'info')).toBeVisible();
  await expect(dialogs.update).toHaveCount(0);

  await emitUpdate(page, {
    type: 'available',
    versionName: '1.3.0',
    versionInfo: '性能优化',
    versionCode: 10300,
    sizeMb: 60,
  });
  await dialogs.install.click();
  await emitUpdate(page, { type: 'progress', transferredMb: 12, totalMb: 60 });
  await emitUpdate(page, { type: 'error', kind: 'download', message: '下载中断，请稍后重试' });
  await expect(dialogs.toast('下载中断，请稍后重试', 'error')).toBeVisible();
  // The dialog stays with the message, so 安装并重启 can be pressed again.
  await expect(dialogs.update).toContainText('下载中断，请稍后重试');
  await expect(dialogs.install).toBeVisible();
  await page.screenshot({ path: shot('update-download-error') });
  await dialogs.install.click();
  await expect.poll(() => desktopCalls(page, 'installUpdate')).toHaveLength(2);
});

test('检查更新 in the desktop with nothing newer shows 当前已是最新版本', async ({ page, signedIn }) => {
  expect(signedIn.ApiToken).toBeTruthy();
  await installFakeDesktop(page);
  await page.goto('/debugger');
  const dialogs = new UpdateDialogs(page);
  // The shell's own check at start answers none: no dialog for a check nobody asked for.
  await expect.poll(() => desktopCalls(page, 'checkForUpdate')).toHaveLength(1);
  await expect(page.getByTestId('desktop-debug')).toBeVisible();
  await expect(dialogs.latest).toHaveCount(0);

  await page.getByRole('button', { name: '检查更新' }).click();
  await expect.poll(() => desktopCalls(page, 'checkForUpdate')).toHaveLength(2);
  await expect(dialogs.latest).toBeVisible();
  await page.screenshot({ path: shot('update-none') });
  await dialogs.latest.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialogs.latest).toHaveCount(0);
});

test('/chromiumPath in the desktop detects, tests and saves the runner browser', async ({ page, signedIn }) => {
  expect(signedIn.ApiToken).toBeTruthy();
  await installFakeDesktop(page, 'linux');
  await page.goto('/chromiumPath');
  const path = page.getByLabel('本地浏览器路径');
  await expect(page.getByTestId('shell-settings')).toContainText('https://matrix.example.com');

  await page.getByRole('button', { name: '自动检测' }).click();
  await expect(page.getByTestId('chromium-check')).toContainText('浏览器可用：Chromium 130.0');
  await expect(path).toHaveValue('/usr/bin/chromium');

  await path.fill('/opt/missing/chrome');
  await setDesktopAnswer(page, 'test', { ok: false, path: '', error: '无法启动该浏览器：文件不存在' });
  await page.getByRole('button', { name: '测试启动' }).click();
  await expect(page.getByTestId('chromium-check')).toContainText('无法启动该浏览器：文件不存在');
  expect(await desktopCalls(page, 'testChromiumPath')).toEqual([['/opt/missing/chrome']]);
  // An empty path means "found automatically": 测试启动 looks for one instead of testing nothing.
  await path.fill('');
  await page.getByRole('button', { name: '测试启动' }).click();
  await expect(page.getByTestId('chromium-check')).toContainText('浏览器可用');
  expect(await desktopCalls(page, 'detectChromium')).toHaveLength(2);
  expect(await desktopCalls(page, 'testChromiumPath')).toHaveLength(1);

  await path.fill('/usr/bin/chromium');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message').getByText(Msg.updated)).toBeVisible();
  expect(await desktopCalls(page, 'setChromiumPath')).toEqual([['/usr/bin/chromium']]);
  await page.screenshot({ path: shot('chromium-path') });
});

test('/debugger in the desktop keeps the debug settings, exports diagnostics and opens the helper', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.ApiToken).toBeTruthy();
  await installFakeDesktop(page, 'darwin', {
    helper: { opened: false, downloadUrl: 'https://download.example.com/terminal.dmg' },
  });
  await page.goto('/debugger');
  const debug = page.getByTestId('desktop-debug');
  await expect(debug).toBeVisible();
  // The server's ffmpeg line stays.
  await expect(page.getByText('服务器 ffmpeg')).toBeVisible();

  await debug.getByTestId('log-level').click();
  await page.getByTitle('警告 (warn)').click();
  await debug.getByTestId('show-runner-browser').click();
  await debug.getByTestId('devtools').click();
  await expect
    .poll(() => desktopCalls(page, 'setSettings'))
    .toEqual([[{ logLevel: 'warn' }], [{ showRunnerBrowser: true }], [{ devtools: true }]]);
  await expect(debug.getByTestId('devtools')).toBeChecked();

  await debug.getByRole('button', { name: '导出诊断包' }).click();
  await expect(page.getByTestId('diagnostics-path')).toContainText('diagnostics-20261123.zip');

  const helper = page.getByTestId('helper-card');
  await helper.getByRole('button', { name: '打开超级终端助手' }).click();
  expect(await desktopCalls(page, 'openHelper')).toEqual([[SUPER_TERMINAL_LINK]]);
  await expect(helper.getByRole('link', { name: '下载超级终端助手' })).toHaveAttribute(
    'href',
    'https://download.example.com/terminal.dmg',
  );
  await page.screenshot({ path: shot('debugger-desktop'), fullPage: true });

  await setDesktopAnswer(page, 'helper', { opened: true });
  await helper.getByRole('button', { name: '打开超级终端助手' }).click();
  await expect(helper).toContainText('已打开超级终端助手');
});

test('in a browser the desktop-only actions say 请在客户端进行操作 and the helper offers the downloads', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.ApiToken).toBeTruthy();
  runAdmin(['set-setting', 'mac_config_url', 'https://download.example.com/vidmatrix.dmg']);
  runAdmin(['set-setting', 'windows_url', 'https://download.example.com/vidmatrix.exe']);
  await page.goto('/chromiumPath');
  await expect(page.getByText(Msg.clientOnly)).toBeVisible();
  await expect(page.getByLabel('本地浏览器路径')).toHaveCount(0);
  await page.screenshot({ path: shot('chromium-path-browser') });

  await page.goto('/debugger');
  await expect(page.getByText(Msg.clientOnly)).toBeVisible();
  await expect(page.getByTestId('desktop-debug')).toHaveCount(0);
  const helper = page.getByTestId('helper-card');
  await expect(helper.getByRole('link', { name: 'Mac 版下载' })).toHaveAttribute(
    'href',
    'https://download.example.com/vidmatrix.dmg',
  );
  await expect(helper.getByRole('link', { name: 'Windows 版下载' })).toHaveAttribute(
    'href',
    'https://download.example.com/vidmatrix.exe',
  );
  await page.screenshot({ path: shot('debugger-browser'), fullPage: true });

  // The web build asks versionInfo with platform web; nothing is published here, so it is the latest.
  const dialogs = new UpdateDialogs(page);
  const check = page.waitForRequest((r) => r.url().includes('/api/setting.SystemVersion/versionInfo'));
  await page.getByRole('button', { name: '检查更新' }).click();
  expect(new URL((await check).url()).searchParams.get('platform')).toBe('web');
  await expect(dialogs.latest).toBeVisible();
});

test('in a browser a newer version is offered through the download page', async ({ page, signedIn }) => {
  expect(signedIn.ApiToken).toBeTruthy();
  // The server's answer for a newer web version is given here (`release publish` covers the desktop platforms).
  await page.route('**/api/setting.SystemVersion/versionInfo**', (route) =>
    route.fulfill({
      json: {
        code: 200,
        msg: 'ok',
        data: { versionCode: 20000, versionName: '2.0.0', versionInfo: '全新界面', downloadUrl: '/download' },
      },
    }),
  );
  await page.goto('/dashboard');
  const dialogs = new UpdateDialogs(page);
  await expect(dialogs.update).toContainText('v2.0.0');
  await expect(dialogs.install).toHaveCount(0);
  await page.screenshot({ path: shot('update-browser') });
  await dialogs.update.getByRole('button', { name: '前往下载' }).click();
  await expect(page).toHaveURL(/\/download$/);
});
