import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import { readFileSync, readdirSync } from 'node:fs';
const base = 'http://127.0.0.1:18090';
const login = await (await fetch(base + '/api/member.Login/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'demo', password: 'QaWEzXfwTPrqZRY7' }) })).json();
const token = login.data.ApiToken;
function ticksByType(root) {
  const kids = new Map(); const info = new Map();
  for (const p of readdirSync('/proc')) { if (!/^\d+$/.test(p)) continue; try { const st = readFileSync(`/proc/${p}/stat`, 'utf8'); const r = st.slice(st.lastIndexOf(')') + 2).split(' '); const pp = Number(r[1]); if (!kids.has(pp)) kids.set(pp, []); kids.get(pp).push(Number(p)); const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8'); const t = (/--type=(\S+?)\0/.exec(cmd)?.[1] ?? (cmd.includes('chrom') ? 'browser' : 'node')); info.set(Number(p), [t, Number(r[11]) + Number(r[12])]); } catch {} }
  const out = {}; const stack = [root]; while (stack.length) { const p = stack.pop(); const i = info.get(p); if (i) out[i[0]] = (out[i[0]] ?? 0) + i[1]; for (const c of kids.get(p) ?? []) stack.push(c); } return out;
}
const diff = (a, b) => Object.fromEntries(Object.keys(b).map((k) => [k, b[k] - (a[k] ?? 0)]));
const browser = await chromium.launch(chromiumLaunchOptions());
for (const path of ['about:blank', '/setting', '/account/list', 'about:blank']) {
  const ctx = await browser.newContext({ reducedMotion: 'reduce' });
  await ctx.addInitScript(([t]) => { localStorage.setItem('memberToken', t); localStorage.setItem('username', 'demo'); }, [token]);
  const page = await ctx.newPage();
  await page.goto(path.startsWith('/') ? base + path : path); await page.waitForLoadState('networkidle');
  await new Promise((r) => setTimeout(r, 1000));
  const a = ticksByType(process.pid);
  await new Promise((r) => setTimeout(r, 8000));
  console.log(path, JSON.stringify(diff(a, ticksByType(process.pid))));
  await ctx.close();
}
await browser.close();
