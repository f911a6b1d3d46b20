import type { SiteContext } from '../site.ts';
import { hashed, layout } from './build.ts';

/** The corner icon that switches the login box to its QR panel. */
const QR_ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><path d="M0 0h48v48z" fill="#ff2442"/><rect x="28" y="4" width="6" height="6"/><rect x="38" y="4" width="6" height="6"/><rect x="38" y="14" width="6" height="6"/></svg>',
).toString('base64')}`;

/**
 * /login: the box opens on the phone-number form; the corner icon (hashed class) switches it to the
 * panel 「APP扫一扫登录」 whose QR image sits in the following sibling div. The page polls the ticket,
 * swaps in a fresh QR when one expires, and goes to /new/home once the phone has confirmed.
 */
export function xhsLoginPage(ctx: SiteContext, ticket: string, qr: string): string {
  const h = hashed(ctx);
  const body = `<div class="login-container"><div class="login-box-container">
<img class="${h.qrSwitch}" src="${QR_ICON}" alt="" width="48" height="48" style="position:absolute;cursor:pointer">
<div class="login-box">
  <div class="phone-login">
    <div class="title">短信登录</div>
    <div class="d-input"><input placeholder="手机号" maxlength="11"></div>
    <div class="d-input"><input placeholder="验证码" maxlength="6"><span class="code-btn">发送验证码</span></div>
    <button type="button" class="d-button d-button-primary submit">登 录</button>
    <p class="agreement">我已阅读并同意《用户协议》《隐私政策》</p>
  </div>
  <div class="qr-login" hidden>
    <div class="${h.qrTitle}">APP扫一扫登录</div>
    <div class="${h.qrBox}"><img class="${h.qrImage}" src="${qr}" alt="" width="160" height="160"></div>
    <p class="qr-tip">可用 <span>小红书</span> 或 <span>微信</span> 扫码</p>
    <p class="qr-state"></p>
  </div>
</div></div></div>`;
  const script = `
const P=${JSON.stringify(ctx.prefix)};let ticket=${JSON.stringify(ticket)};let polling=false;
const $=(s)=>document.querySelector(s);
$(${JSON.stringify(`img.${h.qrSwitch}`)}).onclick=()=>{const q=$('.qr-login');const show=q.hidden;q.hidden=!show;$('.phone-login').hidden=show;if(show&&!polling){polling=true;poll();}};
async function poll(){
  const r=await fetch(P+'/api/login/poll?ticket='+ticket);const b=await r.json();
  if(b.state==='expired'&&b.qr){ticket=b.ticket;$(${JSON.stringify(`img.${h.qrImage}`)}).src=b.qr;$('.qr-state').textContent='二维码已过期，已为你刷新';}
  if(b.state==='confirmed'){$('.qr-state').textContent='登录成功';setTimeout(()=>{location.href=P+'/new/home';},600);return;}
  setTimeout(poll,400);
}`;
  return layout('登录', body, script);
}
