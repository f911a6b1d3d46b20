// What the member does in the console, in Debian Chromium, with the e2e suite's page models.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import Database from 'better-sqlite3';
import { AccountsPage } from '../../apps/web/e2e/pages/accounts-page.ts';
import { MaterialsPage } from '../../apps/web/e2e/pages/materials-page.ts';
import { PublishPage } from '../../apps/web/e2e/pages/publish-page.ts';
import { say, shotPath } from './wait.mjs';

/** Long enough for Chromium, the server, a runner and the sandbox sharing two busy cores. */
const SLOW = { timeout: 180_000 };

// svg-captcha's characters as the server draws them (0oO1iIlL left out), compared in lower case.
const CAPTCHA_CHARS = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * The text of a drawn captcha, found from the hash the server stored (four characters: under a million
 * tries). A script cannot read the image; this stands in for the person who does.
 */
function solveCaptcha(dataDir, captchaId) {
  const db = new Database(join(dataDir, 'vidmatrix.db'), { readonly: true });
  const row = db.prepare('select code_hash from captcha where id = ?').get(captchaId);
  db.close();
  for (const a of CAPTCHA_CHARS) {
    for (const b of CAPTCHA_CHARS) {
      for (const c of CAPTCHA_CHARS) {
        for (const d of CAPTCHA_CHARS) {
          const text = a + b + c + d;
          if (createHash('sha256').update(text, 'utf8').digest('hex') === row?.code_hash) {
            return text;
          }
        }
      }
    }
  }
  throw new Error(`captcha ${captchaId} not solved`);
}

/** 免费注册 on /register: account, password twice, the captcha, the agreement; lands signed in. */
export async function register(page, dataDir, account, password) {
  const captcha = page.waitForResponse((r) => r.url().includes('/api/member.Login/captcha'));
  await page.goto('/register');
  const captchaId = (await (await captcha).json()).data.captcha_id;
  await page.getByPlaceholder('账号：4-32位字母、数字或下划线').fill(account);
  await page.getByPlaceholder('密码：6-64位').fill(password);
  await page.getByPlaceholder('确认密码').fill(password);
  await page.getByPlaceholder('请输入验证码').fill(solveCaptcha(dataDir, captchaId));
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.screenshot({ path: shotPath('register') });
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page).toHaveURL(/\/dashboard/, SLOW);
  await page.screenshot({ path: shotPath('dashboard') });
}

/** The member's token, as the console keeps it (for reading the batch's state like the page does). */
export function memberToken(page) {
  return page.evaluate(() => localStorage.getItem('memberToken') ?? '');
}

/** 账号管理 → 添加账号, once per account. */
export async function addAccounts(page, accounts) {
  const page_ = new AccountsPage(page);
  await page_.open();
  for (const a of accounts) {
    await page_.addAccount(a.nickname, a.platformName);
    // Kuaishou is access-authorized (SPEC §5.4): its row shows 访问异常 where the others say 未授权.
    await expect(page_.row(a.nickname)).toContainText(a.platform === 'kuaishou' ? '访问异常' : '未授权', SLOW);
  }
  await page.screenshot({ path: shotPath('accounts-added'), fullPage: true });
}

/** 批量发布 → 发布器 → 新建发布器令牌: the token shown once. */
export async function createRunnerToken(page, name) {
  const publish = new PublishPage(page);
  await publish.open('runners');
  const token = await publish.createRunnerToken(name);
  await page.screenshot({ path: shotPath('runner-token') });
  return token;
}

/** The 发布器 tab until the member's runner shows 在线. */
export async function seeRunnerOnline(page, shotName) {
  const publish = new PublishPage(page);
  await publish.open('runners');
  await expect(publish.ownRunners.locator('[data-testid^="runner-status-"]').filter({ hasText: '在线' })).toHaveCount(
    1,
    SLOW,
  );
  await page.screenshot({ path: shotPath(shotName), fullPage: true });
}

/**
 * 账号管理 → 更多 → 重新授权: the runner opens the platform's login and the console shows its QR; the
 * phone (`scan`, the sandbox's control) scans the very image shown; the dialog says 授权成功.
 */
export async function authorize(page, account, scan) {
  const accounts = new AccountsPage(page);
  await accounts.open();
  await accounts.rowAction(account.nickname, '重新授权');
  const dialog = page.getByTestId('runner-auth-dialog');
  const qr = page.getByTestId('runner-auth-qr');
  await expect(qr).toBeVisible(SLOW);
  await page.screenshot({ path: shotPath(`qr-${account.platform}`) });
  const image = await qr.getAttribute('src');
  await scan(image ?? '');
  await expect(dialog).toHaveAttribute('data-state', 'done', SLOW);
  await page.screenshot({ path: shotPath(`authorized-${account.platform}`) });
  await page.getByTestId('runner-auth-close').click();
  await expect(accounts.row(account.nickname)).toContainText(
    account.platform === 'kuaishou' ? '访问正常' : '已授权',
    SLOW,
  );
}

/** 素材列表 → 添加素材: the videos through the uploader, until each card shows its duration. */
export async function uploadVideos(page, files, names) {
  const materials = new MaterialsPage(page);
  await materials.open();
  await materials.chooseFiles(files);
  await expect(materials.formDialog.getByTestId('upload-item')).toHaveCount(files.length);
  await expect(materials.submit).toBeEnabled(SLOW);
  await materials.submit.click();
  for (const name of names) {
    await expect(materials.card(name).getByTestId('material-duration')).toHaveText(/\d\d:\d\d/, SLOW);
  }
  await page.screenshot({ path: shotPath('materials'), fullPage: true });
}

/**
 * 批量发布 → 新建发布: the videos, the accounts, one copy for all, 间隔发布 with 0 minutes between an
 * account's posts (the member's choice; the default spaces them 15 minutes). Returns the batch id.
 */
export async function publishBatch(page, { videos, nicknames, title, topics, shotName }) {
  const publish = new PublishPage(page);
  await publish.open('new');
  await publish.pickVideos(videos);
  await publish.pickAccounts(nicknames);
  await publish.fillCopy(title, topics);
  await page.getByTestId('schedule-mode').getByText('间隔发布').click();
  await page.getByRole('spinbutton').fill('0');
  await expect(publish.submit).toHaveText(new RegExp(String(videos.length * nicknames.length)));
  await page.screenshot({ path: shotPath(`${shotName}-form`), fullPage: true });
  await publish.submit.click();
  await expect(page).toHaveURL(/batch=\d+/, SLOW);
  await expect(publish.matrix).toBeVisible(SLOW);
  const batchId = Number(new URL(page.url()).searchParams.get('batch'));
  say(`batch ${batchId}: ${videos.length} × ${nicknames.length} submitted in the console`);
  return batchId;
}

/** The batch's matrix once every cell shows a final state. */
export async function seeBatchDone(page, batchId, count, shotName) {
  const publish = new PublishPage(page);
  await page.goto(`/publish/batch?batch=${batchId}`);
  await expect(publish.matrix).toBeVisible(SLOW);
  await expect(
    publish.matrix.locator(
      '[data-state="published"], [data-state="failed"], [data-state="unconfirmed"], [data-state="rejected"], [data-state="cancelled"], [data-state="platform_scheduled"]',
    ),
  ).toHaveCount(count, SLOW);
  await page.screenshot({ path: shotPath(shotName), fullPage: true });
}
