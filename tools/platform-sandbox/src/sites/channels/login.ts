import { qrDataUrl } from '../../qr.ts';
import type { SiteContext } from '../site.ts';
import { esc } from './style.ts';

/** The QR iframe's path below the prefix (the 2026 open.weixin.qq.com/connect/qrconnect page, imitated here). */
export const QR_FRAME_PATH = '/connect/qrconnect';
/** The QR image's path: the iframe's img.qrcode loads it by a relative src. */
export const QR_IMAGE_PATH = '/connect/qrcode';

/** login.html: the page frame around the qrconnect iframe (research/connectors.md §4, Login). */
export function channelsLoginPage(ctx: SiteContext, ticket: string): string {
  const frame = `${ctx.prefix}${QR_FRAME_PATH}?appid=wx3a8e1c5f7d2b9a04&scope=snsapi_login&uuid=${encodeURIComponent(ticket)}&redirect_uri=${encodeURIComponent('https://channels.weixin.qq.com/login-for-iframe')}`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>视频号助手</title><style>
body{margin:0;font-family:"WenQuanYi Micro Hei",sans-serif;background:#f6f7f9}
.login__header{height:64px;display:flex;align-items:center;padding:0 32px;background:#fff}
.login__header .logo{font-size:18px;font-weight:600}
.login-content{display:flex;justify-content:center;padding-top:80px}
.login__type__container{background:#fff;border-radius:8px;padding:32px 48px;text-align:center}
.login__type__title{font-size:20px;margin-bottom:16px}
iframe.display{width:300px;height:360px;border:0}
.login__type__tip{color:#888;font-size:14px}
</style></head><body>
<div class="login-wrap"><div class="login__header"><div class="logo">视频号助手</div></div>
<div class="login-content"><div class="login__type__container login__type__container__scan">
<div class="login__type__title">微信扫码登录 视频号助手</div>
<iframe class="display" frameborder="0" scrolling="no" src="${esc(frame)}"></iframe>
<div class="login__type__tip">请使用视频号绑定的微信扫码登录</div>
</div></div></div></body></html>`;
}

/**
 * The qrconnect iframe: img.qrcode with a relative src, div.qr-tip once scanned, and on expiry
 * p.refresh-tip 二维码已过期，点击刷新 over the code until div.refresh-wrap is clicked (no auto-refresh).
 */
export function channelsQrFrame(ctx: SiteContext): string {
  const ticket = ctx.url.searchParams.get('uuid') ?? '';
  const config = { poll: `${ctx.prefix}/api/login/poll`, home: `${ctx.prefix}/platform` };
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>微信登录</title><style>
body{margin:0;font-family:"WenQuanYi Micro Hei",sans-serif;text-align:center}
.wrp_code{position:relative;display:inline-block;width:220px;height:220px}
img.qrcode{width:220px;height:220px}
.refresh-wrap{position:absolute;inset:0;background:rgba(255,255,255,.94);display:flex;align-items:center;justify-content:center;cursor:pointer}
.qr-tip{color:#07c160;margin-top:8px}
[hidden]{display:none!important}
</style></head><body>
<div class="main impowerBox"><div class="loginPanel normalPanel"><div class="title">微信登录</div>
<div class="waiting panelContent"><div class="wrp_code"><img class="qrcode lightBorder js_qrcode_img" alt="二维码" src="qrcode?uuid=${encodeURIComponent(ticket)}">
<div class="refresh-wrap" hidden><p class="refresh-tip">二维码已过期，点击刷新</p></div></div>
<div class="info"><div class="status status_browser js_status normal"><p>使用微信扫一扫登录</p><p>“视频号助手”</p></div>
<div class="qr-tip" hidden><p>已扫码</p><p>需在手机上进行确认</p></div></div></div></div></div>
<script>
const C=${JSON.stringify(config)};
let uuid=${JSON.stringify(ticket)};let next=null;
const $=(s)=>document.querySelector(s);
async function poll(){
  let b;
  try{const r=await fetch(C.poll+'?ticket='+encodeURIComponent(uuid));b=await r.json();}catch(e){$('.refresh-tip').textContent='网络不可用，点击刷新';$('.refresh-wrap').hidden=false;return;}
  if(b.state==='expired'){next=b.ticket||null;$('.refresh-tip').textContent='二维码已过期，点击刷新';$('.refresh-wrap').hidden=false;return;}
  if(b.state==='confirmed'){$('.status').hidden=true;$('.qr-tip').hidden=false;setTimeout(()=>{window.top.location.href=C.home;},800);return;}
  setTimeout(poll,500);
}
$('.refresh-wrap').onclick=()=>{if(!next){location.reload();return;}uuid=next;next=null;$('img.qrcode').src='qrcode?uuid='+encodeURIComponent(uuid);$('.refresh-wrap').hidden=true;setTimeout(poll,500);};
setTimeout(poll,500);
</script></body></html>`;
}

/** The QR image itself (an SVG whose title carries the ticket: the sandbox's "phone" reads it there). */
export function channelsQrImage(ctx: SiteContext): { type: string; body: Buffer } {
  const dataUrl = qrDataUrl(ctx.url.searchParams.get('uuid') ?? '');
  return { type: 'image/svg+xml', body: Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64') };
}
