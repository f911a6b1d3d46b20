import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
const browser = await chromium.launch(chromiumLaunchOptions());
const ctx = await browser.newContext();
for (const path of ['/setting', '/setting', '/setting', '/home']) {
  const page = await ctx.newPage();
  const t0 = Date.now();
  await page.goto('http://127.0.0.1:18090' + path);
  await page.waitForURL(/homeLogin|home/);
  await page.getByPlaceholder('请输入账号').or(page.getByRole('heading', { level: 1 })).first().waitFor();
  console.log(path, Date.now() - t0, 'ms');
  await page.close();
}
const ctx2 = await browser.newContext();
const page = await ctx2.newPage();
const t0 = Date.now();
await page.goto('http://127.0.0.1:18090/setting');
await page.getByPlaceholder('请输入账号').waitFor();
console.log('fresh ctx', Date.now() - t0);
await browser.close();
