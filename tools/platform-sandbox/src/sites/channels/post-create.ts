import { SKINS } from '../../skins.ts';
import type { SiteContext } from '../site.ts';
import { formTemplate } from './form-template.ts';

/** How long the micro-app takes to mount its form after the sandbox iframe loads (the real one can take tens of seconds). */
const MOUNT_MS = 700;
/** How long an error toast stays up. */
const TOAST_MS = 8_000;

/**
 * The wujie micro-app: a hidden iframe (the JavaScript sandbox) whose script renders the create form
 * into the open shadow root of the top page's <wujie-app>, so the top document holds no file input.
 */
export function channelsMicroApp(ctx: SiteContext): string {
  const skin = SKINS.channels;
  const config = {
    prefix: ctx.prefix,
    create: ctx.prefix + skin.createPath,
    login: ctx.prefix + skin.loginPath,
    list: ctx.prefix + skin.worksPath,
    home: ctx.prefix + skin.homePath,
    mountMs: MOUNT_MS,
    toastMs: TOAST_MS,
    accountDialog: ctx.switches.channelsAccountDialog,
    template: formTemplate(ctx.switches.channelsNewBuild),
  };
  return `<!doctype html><html><head><meta charset="utf-8"></head><body><script>const C=${JSON.stringify(config).replace(/</g, '\\u003c')};${MICRO_APP_SCRIPT}</script></body></html>`;
}

const MICRO_APP_SCRIPT = `
const host=window.parent.document.querySelector('wujie-app');
const top_=window.top;
const toLogin=()=>{top_.location.href=C.login;};
let root=null,uploadId=null,uploading=null,done=false,cover=null,pendingCover=null,coverTarget=null,album=null,original=false,sending=false,toastTimer=0;
const $=(s)=>root.querySelector(s);
const all=(s)=>Array.from(root.querySelectorAll(s));
const button=(scope,text)=>all(scope+' button').find((b)=>b.textContent.trim()===text);
const show=(s,on)=>{$(s).hidden=!on;};
const disabled=(b)=>b.classList.contains('weui-desktop-btn_disabled');
const setDisabled=(b,on)=>{b.classList.toggle('weui-desktop-btn_disabled',on);};
const pad=(n)=>String(n).padStart(2,'0');
function toast(text){$('.weui-desktop-toast__content').textContent=text;show('.weui-desktop-toast__wrp',true);clearTimeout(toastTimer);toastTimer=setTimeout(()=>show('.weui-desktop-toast__wrp',false),C.toastMs);}
function publishButton(){return button('.form-btns','发表')||button('.form-btns','发表中');}
function status(text,error){const m=$('.status-msg');m.textContent=text;m.classList.toggle('error',Boolean(error));}
function resetUpload(){
  if(uploading){uploading.abort();uploading=null;}
  uploadId=null;done=false;$('.upload-content input').value='';
  show('.upload-content',true);show('.media-status-content',false);show('.media-preview',false);
  all('.vertical-mask-layer').forEach((m)=>{m.hidden=false;});setDisabled(publishButton(),true);
}
function upload(file){
  show('.upload-content',false);show('.media-preview',false);show('.media-status-content',true);status('上传中 0%');
  $('.weui-desktop-progress__inner-bar').style.width='0';
  const fd=new FormData();fd.append('file',file);
  const x=new XMLHttpRequest();uploading=x;x.open('POST',C.prefix+'/api/upload');
  x.upload.onprogress=(e)=>{if(e.lengthComputable){const p=Math.floor(e.loaded*100/e.total);status('上传中 '+p+'%');$('.weui-desktop-progress__inner-bar').style.width=p+'%';}};
  x.onload=()=>{
    uploading=null;
    if(x.status===401){toLogin();return;}
    if(x.status!==200){status('上传失败，请删除后重新上传',true);return;}
    uploadId=JSON.parse(x.responseText).uploadId;status('视频处理中');poll(file.name);
  };
  x.onerror=()=>{uploading=null;status('上传失败，请删除后重新上传',true);};
  x.send(fd);
}
async function poll(name){
  const id=uploadId;
  const r=await fetch(C.prefix+'/api/upload/status?id='+encodeURIComponent(id));
  if(r.status===401){toLogin();return;}
  if(id!==uploadId){return;}
  const b=await r.json();
  if(b.state!=='done'){setTimeout(()=>poll(name),300);return;}
  done=true;show('.media-status-content',false);show('.media-preview',true);$('.media-name').textContent=name;
  all('.vertical-mask-layer').forEach((m)=>{m.hidden=true;});
  album=null;$('.album-name').textContent='选择合集'; // the form resets the collection when the upload ends
  setDisabled(publishButton(),false);
}
function pickDay(base){
  const tbody=$('.weui-desktop-picker__table tbody');tbody.innerHTML='';
  $('.year-label').textContent=base.getFullYear()+'年';$('.month-label').textContent=pad(base.getMonth()+1)+'月';
  const today=new Date();today.setHours(0,0,0,0);const last=new Date(today.getTime()+30*86400000);
  const first=new Date(base.getFullYear(),base.getMonth(),1);const days=new Date(base.getFullYear(),base.getMonth()+1,0).getDate();
  let tr=document.createElement('tr');for(let i=0;i<first.getDay();i+=1){tr.appendChild(document.createElement('td'));}
  for(let d=1;d<=days;d+=1){
    const day=new Date(base.getFullYear(),base.getMonth(),d);const td=document.createElement('td');const a=document.createElement('a');a.textContent=String(d);
    if(day<today||day>last){a.className='weui-desktop-picker__disabled';}else{a.onclick=()=>{picked=day;all('.weui-desktop-picker__table a').forEach((x)=>x.classList.remove('weui-desktop-picker__selected'));a.classList.add('weui-desktop-picker__selected');applyTime();};}
    td.appendChild(a);tr.appendChild(td);if(day.getDay()===6){tbody.appendChild(tr);tr=document.createElement('tr');}
  }
  tbody.appendChild(tr);
}
let month=new Date(),picked=null;
function timeValue(){const m=/^(\\d{1,2})(?::(\\d{1,2}))?$/.exec($('input[placeholder="请选择时间"]').value.trim());if(!m||Number(m[1])>23||Number(m[2]||0)>59){return null;}return pad(Number(m[1]))+':'+pad(Number(m[2]||0));}
function applyTime(){
  const t=timeValue();if(t){$('input[placeholder="请选择时间"]').value=t;}
  if(picked){$('input[placeholder="请选择发表时间"]').value=picked.getFullYear()+'-'+pad(picked.getMonth()+1)+'-'+pad(picked.getDate())+(t?' '+t:'');}
}
function schedule(){if(!$('input[name=postTimeType][value="1"]').checked){return null;}const v=$('input[placeholder="请选择发表时间"]').value;return /^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$/.test(v)?v:'';}
async function create(){
  const b=publishButton();
  const shortTitle=$('.short-title-input').value.trim();const n=Array.from(shortTitle).length;
  if(n>0&&(n<6||n>16)){toast('短标题字数需在6-16个字之间');return;}
  const at=schedule();if(at===''){toast('请选择发表时间');return;}
  sending=true;setDisabled(b,true);b.textContent='发表中';
  const body={uploadId,title:shortTitle,description:$('.input-editor').innerText.trim(),topics:[],cover,scheduleAt:at,album,original};
  let r,res;
  try{r=await fetch(C.create,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)});res=await r.json().catch(()=>({}));}
  catch(e){sending=false;b.textContent='发表';setDisabled(b,false);toast('网络异常，请稍后重试');return;}
  sending=false;b.textContent='发表';setDisabled(b,false);
  if(r.status===401){toLogin();return;}
  if(!r.ok){toast(res.errMsg||res.message||'发表失败，请稍后重试');return;}
  if(res.verify){verify(res);return;}
  if(res.errCode!==0){toast(res.errMsg||'发表失败，请稍后重试');return;}
  if(r.headers.get('x-sandbox-no-redirect')){return;}
  top_.location.href=C.list;
}
function verify(res){
  const kind=res.verify;const sel={sms:'.verify-sms',captcha:'.verify-captcha',real_name:'.verify-real-name'}[kind];
  $(sel+' .weui-desktop-form__tips_warn').textContent='';
  const input=$(sel+' input');if(input){input.value='';}
  const img=$(sel+' img');if(img&&res.verifyImage){img.src=res.verifyImage;}
  show(sel,true);
  if(kind==='real_name'){const t=res.verifyTicket;(async function wait(){const r=await fetch(C.prefix+'/api/verify/status?ticket='+encodeURIComponent(t));if(r.status===401){toLogin();return;}const s=await r.json();if(s.done){show(sel,false);create();}else{setTimeout(wait,400);}})();return;}
  button(sel,'确定').onclick=async()=>{
    $(sel+' .weui-desktop-form__tips_warn').textContent='';
    const r=await fetch(C.prefix+'/api/verify',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({kind,code:input.value.trim()})});
    if(r.ok){show(sel,false);create();}else{$(sel+' .weui-desktop-form__tips_warn').textContent='验证码错误，请重新输入';}
  };
  button(sel,'取消').onclick=()=>show(sel,false);
  input.oninput=()=>{$(sel+' .weui-desktop-form__tips_warn').textContent='';};
}
function wire(){
  const file=$('.upload-content input');
  $('.upload-content').onclick=(e)=>{if(e.target!==file){file.click();}};
  file.onchange=()=>{const f=file.files[0];if(f){upload(f);}};
  all('.media-opr .tag-inner').forEach((t)=>{t.onclick=()=>show('.delete-dialog',true);});
  button('.delete-dialog','取消').onclick=()=>show('.delete-dialog',false);
  button('.delete-dialog','删除').onclick=()=>{show('.delete-dialog',false);resetUpload();};
  $('.input-editor').onkeydown=(e)=>{if(e.key==='Enter'&&e.shiftKey){e.preventDefault();}};
  $('.post-album-display-wrap').onclick=()=>show('.option-list-wrap',$('.option-list-wrap').hidden);
  all('.option-item').forEach((o)=>{o.onclick=()=>{album=o.textContent.trim();$('.album-name').textContent=album;show('.option-list-wrap',false);};});
  const openCover=(target)=>()=>{if(!done){return;}coverTarget=target;pendingCover=null;$('.cover-file-name').textContent='';setDisabled(button('.cover-dialog','确认'),true);show('.cover-dialog',true);};
  $('.vertical-cover-wrap').onclick=openCover('vertical');$('.horizontal-cover-wrap').onclick=openCover('horizontal');
  const coverFile=$('.single-cover-uploader-wrap input');
  $('.single-cover-uploader-wrap .upload-btn').onclick=()=>coverFile.click();
  coverFile.onchange=()=>{const f=coverFile.files[0];if(f){pendingCover=f.name;$('.cover-file-name').textContent=f.name;setDisabled(button('.cover-dialog','确认'),false);}};
  button('.cover-dialog','取消').onclick=()=>show('.cover-dialog',false);
  button('.cover-dialog','确认').onclick=(e)=>{if(disabled(e.currentTarget)){return;}show('.cover-dialog',false);show('.crop-dialog',true);};
  button('.crop-dialog','取消').onclick=()=>{pendingCover=null;show('.crop-dialog',false);};
  button('.crop-dialog','确定').onclick=()=>{show('.crop-dialog',false);if(coverTarget==='vertical'||!cover){cover=pendingCover;}$('.'+coverTarget+'-cover-wrap .cover-tip').textContent=pendingCover;coverFile.value='';};
  $('.declare-original-checkbox input').onclick=(e)=>{e.preventDefault();show('.declare-original-dialog',true);};
  $('.declare-body-wrapper input').onchange=(e)=>setDisabled(button('.declare-original-dialog','声明原创'),!e.target.checked);
  button('.declare-original-dialog','取消').onclick=()=>show('.declare-original-dialog',false);
  button('.declare-original-dialog','声明原创').onclick=(e)=>{if(disabled(e.currentTarget)){return;}original=true;$('.declare-original-checkbox input').checked=true;show('.declare-original-dialog',false);};
  button('.changeAccount-dialog','取消').onclick=()=>show('.changeAccount-dialog',false);
  button('.changeAccount-dialog','切换').onclick=()=>{top_.location.href=C.home;};
  all('input[name=postTimeType]').forEach((r)=>{r.onchange=()=>show('.weui-desktop-picker__wrp',$('input[name=postTimeType][value="1"]').checked);});
  $('input[placeholder="请选择发表时间"]').onclick=()=>{month=picked?new Date(picked):new Date();pickDay(month);show('.weui-desktop-picker__panel',true);};
  $('.weui-desktop-btn__icon__left').onclick=()=>{month=new Date(month.getFullYear(),month.getMonth()-1,1);pickDay(month);};
  $('.weui-desktop-btn__icon__right').onclick=()=>{month=new Date(month.getFullYear(),month.getMonth()+1,1);pickDay(month);};
  $('input[placeholder="请选择时间"]').onchange=applyTime;
  $('input[placeholder="请选择时间"]').onkeydown=(e)=>{if(e.key==='Enter'){applyTime();}};
  // A click outside the picker closes it and applies the time (SAU clicks the editor for that).
  root.addEventListener('mousedown',(e)=>{if(!$('.weui-desktop-picker__wrp').contains(e.target)){applyTime();show('.weui-desktop-picker__panel',false);}});
  $('.short-title-input').oninput=(e)=>{$('.input-count').textContent=Array.from(e.target.value).length+'/16';};
  const pub=publishButton();
  pub.onclick=()=>{if(disabled(pub)||sending||!done){return;}create();};
}
function mount(){
  if(!host||!host.shadowRoot){return;}
  root=host.shadowRoot;root.innerHTML=C.template;wire();
  // The 切换视频号 dialog comes at an unforeseeable moment and takes every click until 取消.
  if(C.accountDialog){setTimeout(()=>show('.changeAccount-dialog',true),300+Math.floor(Math.random()*1200));}
}
setTimeout(mount,C.mountMs);
`;
