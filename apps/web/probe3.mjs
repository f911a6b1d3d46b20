import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
const browser = await chromium.launch(chromiumLaunchOptions());
const base = 'http://127.0.0.1:18090';
const login = await (await fetch(base + '/api/member.Login/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'demo', password: 'QaWEzXfwTPrqZRY7' }) })).json();
const token = login.data.ApiToken;
await fetch(base + '/api/member.Member/agree', { method: 'POST', headers: { 'content-type': 'application/json', memberToken: token }, body: '{}' }).catch(() => {});
for (const path of ['/home', '/setting', '/account/list', '/material']) {
  const ctx = await browser.newContext();
  await ctx.addInitScript(([t]) => { localStorage.setItem('memberToken', t); localStorage.setItem('username', 'demo'); }, [token]);
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Performance.enable');
  let n = 0; page.on('response', () => n++);
  const t0 = Date.now();
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  const m = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
  console.log(path, Date.now() - t0, 'ms', n, 'resp', 'script', m.ScriptDuration.toFixed(2), 'task', m.TaskDuration.toFixed(2), 'layout', m.LayoutDuration.toFixed(2), 'style', m.RecalcStyleDuration.toFixed(2), 'jsheap', (m.JSHeapUsedSize / 1e6).toFixed(1), page.url());
  await ctx.close();
}
await browser.close();
