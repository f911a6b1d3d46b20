import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import { fixtureDir, makeImage } from '@vidmatrix/fixtures';
import { runAdmin } from './support/admin.ts';
import { solveCaptcha } from './support/captcha.ts';
import { expect, test } from './support/fixtures.ts';
import { collectHydrationErrors } from './support/hydration.ts';
import { signInNewMember } from './support/members.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shotDir = join(repoRoot, 'test-results', 'site-shots');

async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: join(shotDir, `${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shotDir, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a visitor reads the agent programme and is asked to sign in to apply', async ({ page }) => {
  await page.goto('/agentCenter');
  await expect(page.getByRole('heading', { name: '代理商计划' })).toBeVisible();
  await expect(page.getByRole('link', { name: '登录后申请' })).toHaveAttribute('href', /redirect=%2FagentCenter/);
  await shots(page, 'agent-center-visitor');
});

test('an approved agent brands their own domain; visitors there see the brand and sign up as the agent’s members', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const account = await signInNewMember(page, request, 'agt');
  await page.goto('/agentCenter');
  const form = page.getByTestId('agent-apply-form');
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('请输入公司名称')).toBeVisible();
  await form.getByLabel('公司名称').fill('星河传媒');
  await form.getByLabel('联系人').fill('王经理');
  await form.getByLabel('手机号').fill('13900000000');
  await form.getByLabel('所在地区').fill('浙江杭州');
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('申请审核中')).toBeVisible();

  // The operator lists and approves it.
  const listed = runAdmin(['agent', 'list']);
  const line = listed.split('\n').find((l) => l.includes(account));
  expect(line, listed).toBeTruthy();
  const id = /#(\d+)/.exec(line ?? '')?.[1] ?? '';
  expect(runAdmin(['agent', 'approve', id])).toContain(`${account} is an agent`);

  const domain = `brand${Date.now().toString(36)}.e2e.test`;
  await expect(async () => {
    await page.reload();
    // A reload on a busy machine can take longer than a few seconds by itself.
    await expect(page.getByTestId('agent-brand-form')).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 90_000 });
  await expect(page.getByTestId('agent-members')).toContainText('0');
  const brandForm = page.getByTestId('agent-brand-form');
  await expect(brandForm.getByLabel('品牌名称')).toHaveValue('星河传媒');
  const logo = makeImage(join(fixtureDir('agent-'), 'logo.png'), { width: 320, height: 200, color: '#3a7bd5' });
  for (const variant of ['白色标志', '黑色标志']) {
    await brandForm
      .getByRole('button', { name: `上传${variant}` })
      .locator('..')
      .locator('input[type=file]')
      .setInputFiles(logo);
    await page
      .getByRole('dialog', { name: `裁剪${variant}` })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(brandForm.getByRole('img', { name: variant })).toHaveAttribute(
      'src',
      /\/brand\/agent-\d+\/[0-9a-f]+\.png$/,
    );
  }
  await brandForm.getByLabel('品牌名称').fill('星河获客');
  await brandForm.getByLabel('专属域名').fill('http://bad');
  await brandForm.getByRole('button', { name: '保存品牌设置' }).click();
  await expect(page.getByText('请输入正确的域名，例如 www.example.com')).toBeVisible();
  await brandForm.getByLabel('专属域名').fill(domain);
  await brandForm.getByRole('button', { name: '保存品牌设置' }).click();
  await expect(page.locator('.ant-message').getByText('修改成功')).toBeVisible();
  await shots(page, 'agent-center-agent');

  // A second browser resolves the agent's domain to this server (a real host name, not a header).
  const port = new URL(baseURL ?? '').port;
  const launch = chromiumLaunchOptions();
  const browser = await chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), `--host-resolver-rules=MAP *.e2e.test 127.0.0.1`],
  });
  try {
    const visitor = await browser.newPage({ baseURL: `http://${domain}:${port}`, locale: 'zh-CN' });
    // The pre-rendered pages carry the product's brand; the agent's arrives after hydrating, without a mismatch.
    const hydrationErrors = collectHydrationErrors(visitor);
    for (const path of ['/home', '/download', '/agentCenter', '/protocol']) {
      await visitor.goto(path);
      const brand = visitor.getByTestId('site-brand');
      await expect(brand).toContainText('星河获客');
      await expect(brand.locator('img')).toHaveAttribute('src', /\/brand\/agent-/);
      await expect(visitor).toHaveTitle(/星河获客/);
    }
    await expect(visitor.locator('footer')).toContainText('星河获客');
    // The content names the agent's brand where it names the product: the agreement, the programme's copy.
    await expect(visitor.getByTestId('protocol')).toContainText('本协议是您与 星河获客');
    await expect(visitor.getByTestId('protocol')).not.toContainText('AI获客矩阵');
    await visitor.goto('/agentCenter');
    await expect(visitor.getByText('把星河获客作为您自己的产品销售')).toBeVisible();
    await shots(visitor, 'white-label-agent-center');
    await shots(visitor, 'white-label-home');

    await visitor.goto('/login');
    await expect(visitor.getByTestId('login-brand')).toContainText('星河获客');
    await expect(visitor.getByTestId('login-brand-compact')).toContainText('星河获客');
    await expect(visitor).toHaveTitle(/星河获客/);
    await shots(visitor, 'white-label-login');
    expect(hydrationErrors).toEqual([]);

    // Sign-up on the agent's domain: the new member belongs to the agent.
    const captcha = visitor.waitForResponse((r) => r.url().includes('/api/member.Login/captcha'));
    await visitor.goto('/register');
    const { data } = (await (await captcha).json()) as { data: { captcha_id: string } };
    const newAccount = `wl${Date.now().toString(36)}`;
    await visitor.getByPlaceholder('账号：4-32位字母、数字或下划线').fill(newAccount);
    await visitor.getByPlaceholder('密码：6-64位').fill('member123456');
    await visitor.getByPlaceholder('确认密码').fill('member123456');
    await visitor.getByPlaceholder(/验证码/).fill(await solveCaptcha(data.captcha_id));
    await visitor.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await visitor.getByRole('button', { name: /注\s*册/ }).click();
    await expect(visitor).toHaveURL(/\/dashboard/, { timeout: 30_000 });
    // The console's sidebar carries the agent's name and logo, and so does the title.
    await expect(visitor.getByTestId('sidebar-logo')).toContainText('星河获客');
    await expect(visitor).toHaveTitle(/星河获客/);
    await shots(visitor, 'white-label-console');
  } finally {
    await browser.close();
  }

  await page.reload();
  await expect(page.getByTestId('agent-members')).toContainText('1');
});
