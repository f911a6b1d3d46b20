/**
 * Page script shared by the login and publish pages: ByteDance's `uc-ui-verify` SMS dialog (research
 * §1: input[placeholder*="验证码"], 获取验证码, div.uc-ui-verify_sms-verify_button 验证), whose 验证 answers
 * only a real pointer sequence. `smsDialog(prefix, onPassed)` opens it; the code goes to /api/verify.
 * The research does not say how long a wrong code's error stays: here it stays through typing and while
 * the next code is checked, until that code's verdict replaces it (the hostile case for a reader).
 */
export const SMS_DIALOG_SCRIPT = String.raw`
// A control that reacts only to a real pointer sequence (pointerdown, mousedown, then a trusted click).
function pointerOnly(node,fn){let downs=0;node.addEventListener('pointerdown',(e)=>{if(e.isTrusted){downs|=1;}});node.addEventListener('mousedown',(e)=>{if(e.isTrusted){downs|=2;}});
  node.addEventListener('click',(e)=>{const ok=e.isTrusted&&downs===3;downs=0;if(ok){fn();}});}
function smsDialog(prefix,onPassed){
  const t=document.createElement('template');
  t.innerHTML='<div class="uc-ui-verify_mask"><div class="uc-ui-verify_sms-verify"><div class="uc-ui-verify_sms-verify_title">身份验证</div><div class="uc-ui-verify_sms-verify_tip">为保障账号安全，请输入发送至 138****8000 的短信验证码</div>'
    +'<div class="uc-ui-verify_sms-verify_input"><input placeholder="请输入验证码" maxlength="6"><span class="uc-ui-verify_sms-verify_send">获取验证码</span></div><div class="uc-ui-verify_sms-verify_error"></div><div class="uc-ui-verify_sms-verify_button">验证</div></div></div>';
  const m=t.content.firstElementChild;document.body.appendChild(m);
  const field=m.querySelector('input'),err=m.querySelector('.uc-ui-verify_sms-verify_error');
  m.querySelector('.uc-ui-verify_sms-verify_send').onclick=(e)=>{e.target.textContent='已发送';};
  pointerOnly(m.querySelector('.uc-ui-verify_sms-verify_button'),async()=>{
    const r=await fetch(prefix+'/api/verify',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({kind:'sms',code:field.value})});
    if(r.ok){m.remove();onPassed();}else{err.textContent='验证码错误，请重新输入';}
  });
}
`;
