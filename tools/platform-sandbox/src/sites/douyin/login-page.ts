import type { SiteContext } from '../site.ts';
import { classNames } from './class-names.ts';
import { creatorDocument } from './styles.ts';
import { SMS_DIALOG_SCRIPT } from './verify-script.ts';

/**
 * creator.douyin.com's login: tabs 扫码登录 / 手机号登录 and a data-URL QR in div#animate_qrcode_container.
 * An expired QR is covered by 二维码失效 and stays expired until that cover is clicked; an SMS check can
 * follow the scan (`douyinLoginSms`), and the page goes on only once it is passed (research §1).
 */
export function loginPage(ctx: SiteContext, ticket: string, qr: string): string {
  const cls = classNames(ctx.switches.douyinNewBuild);
  const body = `<div class="creator-header">抖音创作者中心</div>
<main class="creator-main"><div class="login-card">
  <ul class="login-tabs"><li class="tab tab-active">扫码登录</li><li class="tab">手机号登录</li></ul>
  <div id="animate_qrcode_container">
    <div class="${cls.scan_qrcode_login_content}" style="position:relative;width:200px;height:200px">
      <img aria-label="二维码" src="${qr}" width="200" height="200">
      <div class="${cls['qrcode-expired']}" hidden style="position:absolute;inset:0;background:rgba(255,255,255,.92);display:flex;flex-direction:column;align-items:center;justify-content:center;cursor:pointer"><p>二维码失效</p><p>点击刷新</p></div>
    </div>
  </div>
  <p class="scan-tip">打开抖音App，点击左上角 ≡ 扫一扫登录</p><p class="scan-state"></p>
</div></main>`;
  const script = `${SMS_DIALOG_SCRIPT}
const P=${JSON.stringify(ctx.prefix)},SMS=${JSON.stringify(ctx.switches.douyinLoginSms)};
let ticket=${JSON.stringify(ticket)},next=null;
const img=document.querySelector('#animate_qrcode_container img');
const cover=document.querySelector('.${cls['qrcode-expired']}');
const state=document.querySelector('.scan-state');
cover.addEventListener('click',()=>{if(!next){location.reload();return;}ticket=next.ticket;img.src=next.qr;next=null;cover.hidden=true;poll();});
async function poll(){
  const b=await fetch(P+'/api/login/poll?ticket='+ticket).then((r)=>r.json()).catch(()=>({state:'waiting'}));
  if(b.state==='expired'){next=b.ticket?{ticket:b.ticket,qr:b.qr}:null;cover.hidden=false;return;}
  if(b.state==='confirmed'){const go=()=>{state.textContent='登录成功';setTimeout(()=>{location.href=P+'/creator-micro/home';},600);};
    if(SMS){smsDialog(P,go);}else{go();}return;}
  setTimeout(poll,500);
}
poll();`;
  return creatorDocument('登录', body, script);
}
