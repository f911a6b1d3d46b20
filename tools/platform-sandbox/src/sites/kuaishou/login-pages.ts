import type { SiteContext } from '../site.ts';
import { esc, layout } from './ui.ts';

const UPLOAD_PATH = '/article/publish/video';

/**
 * passport.kuaishou.com's login (served under the prefix): the phone form first, `div.platform-switch`
 * turns to the QR, an expired QR shows `div.qrcode-status-timeout` until `p.qrcode-refresh` is clicked;
 * once the phone confirms, the page goes to its `callback` (rest/infra/sts), which sets the session.
 */
export function passportLogin(ctx: SiteContext, ticket: string, qr: string): string {
  const body = `<main id="login-form" class="login-form">
<div class="platform-switch" role="button" title="扫码登录"></div>
<div class="normal-login"><div class="login-title">手机号登录</div>
<input class="phone-input" placeholder="请输入手机号"><div class="code-row"><input class="code-input" placeholder="请输入验证码"><span class="get-code">获取验证码</span></div>
<button type="button" class="login-btn">登录</button></div>
<div class="qr-login" hidden><div class="login-title">扫码登录</div>
<div class="qrcode-wrap"><img alt="qrcode" src="${qr}">
<div class="qrcode-status qrcode-status-timeout" hidden><p class="qrcode-timeout-text">二维码已失效</p><p class="qrcode-refresh">点击刷新</p></div>
<div class="qrcode-status qrcode-status-scanned" hidden><p>扫码成功</p><p>请在手机上确认登录</p></div></div>
<p class="qr-tip">打开快手App，点击左上角扫一扫登录</p></div>
</main>`;
  const config = {
    poll: `${ctx.prefix}/api/login/poll`,
    sts: `${ctx.prefix}/rest/infra/sts`,
    fallback: `${ctx.prefix}/rest/infra/sts?followUrl=${encodeURIComponent(ctx.prefix + UPLOAD_PATH)}`,
  };
  const script = `const C=${JSON.stringify(config)};let ticket=${JSON.stringify(ticket)};let next=null;
const $=(s)=>document.querySelector(s);
$('.platform-switch').onclick=()=>{const qr=$('.qr-login').hidden;$('.qr-login').hidden=!qr;$('.normal-login').hidden=qr;};
$('.qrcode-refresh').onclick=()=>{if(!next){return;}ticket=next.ticket;$('.qr-login img').src=next.qr;next=null;$('.qrcode-status-timeout').hidden=true;setTimeout(poll,400);};
function callback(){const c=new URLSearchParams(location.search).get('callback')||'';return c.startsWith(C.sts)?c:C.fallback;}
async function poll(){
  const b=await (await fetch(C.poll+'?ticket='+ticket)).json();
  if(b.state==='expired'){if(b.qr){next={ticket:b.ticket,qr:b.qr};}$('.qrcode-status-timeout').hidden=false;return;}
  if(b.state==='scanned'){$('.qrcode-status-scanned').hidden=false;}
  if(b.state==='confirmed'){setTimeout(()=>{location.href=callback();},600);return;}
  setTimeout(poll,400);
}
poll();`;
  return layout('快手账号登录', body, script);
}

/** cp.kuaishou.com/rest/infra/sts: takes the passport ticket and goes on to followUrl (a 302 on the real site). */
export function stsPage(ctx: SiteContext): string {
  const follow = ctx.url.searchParams.get('followUrl') ?? '';
  const to = follow.startsWith(`${ctx.prefix}/`) ? follow : ctx.prefix + UPLOAD_PATH;
  return layout('快手创作者服务平台', '', `location.replace(${JSON.stringify(to)});`);
}

/** The logged-out intro page of the creator centre: 立即登录 and the 机构服务 entry. */
export function introPage(loginUrl: string): string {
  const body = `<header><span class="logo">快手创作者服务平台</span><a class="login-link" href="${esc(loginUrl)}">立即登录</a></header>
<main class="page"><div class="names"><div class="container"><div class="name">创作者服务</div></div><div class="container"><div class="name">机构服务</div></div></div></main>`;
  return layout('快手创作者服务平台', body);
}
