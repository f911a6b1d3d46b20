import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import { readFileSync, readdirSync } from 'node:fs';
const base = 'http://127.0.0.1:18090';
const login = await (await fetch(base + '/api/member.Login/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'demo', password: 'QaWEzXfwTPrqZRY7' }) })).json();
const token = login.data.ApiToken;
function treeTicks(root) {
  const kids = new Map(); const cpu = new Map();
  for (const p of readdirSync('/proc')) { if (!/^\d+$/.test(p)) continue; try { const st = readFileSync(`/proc/${p}/stat`, 'utf8'); const r = st.slice(st.lastIndexOf(')') + 2).split(' '); const pp = Number(r[1]); if (!kids.has(pp)) kids.set(pp, []); kids.get(pp).push(Number(p)); cpu.set(Number(p), Number(r[11]) + Number(r[12])); } catch {} }
  let sum = 0; const stack = [root]; while (stack.length) { const p = stack.pop(); sum += cpu.get(p) ?? 0; for (const c of kids.get(p) ?? []) stack.push(c); } return sum;
}
const variants = { base: [], nocomp: ['--disable-gpu-compositing'], inproc: ['--in-process-gpu'], nosoft: ['--disable-software-rasterizer'] };
for (const round of [1, 2]) for (const [name, extra] of Object.entries(variants)) {
  const opts = chromiumLaunchOptions();
  const browser = await chromium.launch({ ...opts, args: [...opts.args, ...extra] });
  const pid = browser.process?.()?.pid;
  const ctx = await browser.newContext({ reducedMotion: 'reduce' });
  await ctx.addInitScript(([t]) => { localStorage.setItem('memberToken', t); localStorage.setItem('username', 'demo'); }, [token]);
  const page = await ctx.newPage();
  // playwright's launch: pid of the browser is not exposed; use the newest chromium main process
  const t0 = treeTicks(process.pid);
  await page.goto(base + '/setting'); await page.waitForLoadState('networkidle');
  const t1 = treeTicks(process.pid);
  await new Promise((r) => setTimeout(r, 8000));
  const t2 = treeTicks(process.pid);
  console.log(round, name, 'load ticks', t1 - t0, 'idle 8s ticks', t2 - t1);
  await browser.close();
}
