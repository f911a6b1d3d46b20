import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
const base = 'http://127.0.0.1:18090';
const login = await (await fetch(base + '/api/member.Login/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'demo', password: 'QaWEzXfwTPrqZRY7' }) })).json();
const token = login.data.ApiToken;
const browser = await chromium.launch(chromiumLaunchOptions());
for (const path of ['/setting', '/home', '/favicon.svg']) {
const ctx = await browser.newContext({ reducedMotion: 'reduce' });
await ctx.addInitScript(([t]) => { localStorage.setItem('memberToken', t); localStorage.setItem('username', 'demo'); }, [token]);
const page = await ctx.newPage();
await page.goto(base + path); await page.waitForLoadState('networkidle');
await new Promise((r) => setTimeout(r, 1000));
const info = await page.evaluate(async () => {
  const anims = document.getAnimations ? document.getAnimations().map((a) => (a.animationName || a.constructor.name) + ' on ' + (a.effect?.target?.className?.baseVal ?? a.effect?.target?.className ?? '?')) : [];
  let frames = 0; const t0 = performance.now();
  await new Promise((res) => { const f = () => { frames++; if (performance.now() - t0 < 2000) requestAnimationFrame(f); else res(); }; requestAnimationFrame(f); });
  return { anims: anims.slice(0, 10), n: anims.length, fps: frames / 2 };
});
const cdp = await ctx.newCDPSession(page);
await cdp.send('Performance.enable');
const m0 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
await new Promise((r) => setTimeout(r, 5000));
const m1 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
console.log(path, JSON.stringify(info), 'task/5s', (m1.TaskDuration - m0.TaskDuration).toFixed(3), 'script', (m1.ScriptDuration - m0.ScriptDuration).toFixed(3), 'layouts', m1.LayoutCount - m0.LayoutCount, 'styles', m1.RecalcStyleCount - m0.RecalcStyleCount);
await ctx.close();
}
await browser.close();
