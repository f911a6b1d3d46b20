import type { Skin } from './skins.ts';

/** A work as a works list shows it. */
export interface WorkView {
  id: string;
  title: string;
  status: string;
  createdAt: number;
  /** The uploaded video's duration, seconds (0 when unknown). */
  durationSec: number;
  permalink?: string;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
body{font-family:"WenQuanYi Micro Hei",sans-serif;margin:0;padding:24px}
.guide-overlay{position:fixed;inset:0;z-index:1000;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center}
.guide-card,.modal-card{background:#fff;padding:24px;border-radius:8px;min-width:280px}
.confirm-modal,.verify-modal{position:fixed;inset:0;z-index:900;background:rgba(0,0,0,.4);display:flex;align-items:center;justify-content:center}
[hidden]{display:none!important}
.publish-form label{display:block;margin:8px 0}
.work-item{display:flex;gap:16px;padding:8px;border-bottom:1px solid #eee}
.toast-error{color:#c00}
`;

function layout(skin: Skin, title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)} - ${esc(skin.name)}</title><style>${STYLE}</style></head><body data-platform="${skin.key}">${body}${script ? `<script>${script}</script>` : ''}</body></html>`;
}

/** The QR login page: polls the ticket and follows a delayed redirect once the phone has confirmed. */
export function loginPage(skin: Skin, prefix: string, ticket: string, qr: string): string {
  const body = `<div class="login-box"><h1>${esc(skin.name)}</h1><div class="login-tabs"><span class="tab active">扫码登录</span><span class="tab">手机号登录</span></div>
<img class="qrcode-img" alt="二维码" src="${qr}"><p class="qrcode-tip">请使用手机App扫码登录</p><p class="login-state"></p></div>`;
  const script = `
let ticket=${JSON.stringify(ticket)};
async function poll(){
  const r=await fetch(${JSON.stringify(`${prefix}/api/login/poll`)}+'?ticket='+ticket);
  const b=await r.json();
  if(b.state==='expired'&&b.qr){ticket=b.ticket;document.querySelector('.qrcode-img').src=b.qr;document.querySelector('.login-state').textContent='二维码已刷新';}
  if(b.state==='scanned'){document.querySelector('.login-state').textContent='扫码成功，请在手机上确认';}
  if(b.state==='confirmed'){document.querySelector('.login-state').textContent='登录成功，正在跳转…';
    setTimeout(()=>{location.href=${JSON.stringify(prefix + skin.homePath)};},600);return;}
  setTimeout(poll,400);
}
poll();`;
  return layout(skin, '登录', body, script);
}

/** The signed-in home page; Channels' has the 发表视频 button that opens the create page. */
export function homePage(skin: Skin, prefix: string, user: string): string {
  const open =
    skin.key === 'channels'
      ? `<button class="post-btn" onclick="location.href='${prefix}${skin.uploadPath}'">发表视频</button>`
      : `<a class="upload-link" href="${prefix}${skin.uploadPath}">发布作品</a>`;
  return layout(
    skin,
    '首页',
    `<header class="user-name">${esc(user)}</header><main>${open}<a href="${prefix}${skin.worksPath}">作品管理</a></main>`,
  );
}

/** Channels' create page: an empty shell that checks the session late, then mounts the form's iframe. */
export function channelsShell(skin: Skin, prefix: string): string {
  const script = `
fetch(${JSON.stringify(`${prefix}/api/auth`)}).then(r=>{
  if(r.status===401){setTimeout(()=>{location.href=${JSON.stringify(prefix + skin.loginPath)};},700);return;}
  setTimeout(()=>{const f=document.createElement('iframe');f.name='content';f.src=${JSON.stringify(prefix + (skin.iframePath ?? ''))};f.style.cssText='width:100%;height:900px;border:0';document.querySelector('.wujie-app').appendChild(f);},500);
});`;
  return layout(skin, '发表视频', `<div class="wujie-app"></div>`, script);
}

/** The upload page: file input → throttled multipart upload → form → processing → submit. */
export function uploadPage(skin: Skin, prefix: string): string {
  const title = skin.titlePlaceholder
    ? `<label>${skin.key === 'channels' ? '短标题' : '作品标题'}<input class="title-input" placeholder="${esc(skin.titlePlaceholder)}"></label>`
    : '';
  const topics =
    skin.topicMode === 'enter'
      ? `<label>标签<input class="tag-input" placeholder="按回车键Enter创建标签"></label><div class="tag-list"></div>`
      : skin.topicMode === 'suggest'
        ? `<label>话题<input class="topic-input" placeholder="#添加话题"></label><ul class="topic-suggestions" hidden></ul><div class="tag-list"></div>`
        : '';
  const body = `
<div class="upload-area"><p class="upload-tip">点击上传 或直接将视频文件拖入此区域</p><input type="file" accept="video/*" class="${skin.fileInputClass}" hidden></div>
<form class="publish-form" hidden onsubmit="return false">
  <div class="upload-status"><span class="upload-progress">上传中 0%</span></div>
  ${title}
  <label>作品描述<textarea class="desc-input" placeholder="${esc(skin.descriptionPlaceholder)}"></textarea></label>
  ${topics}
  <label>封面<input type="file" accept="image/*" class="cover-input"></label><span class="cover-preview"></span>
  <div class="schedule">
    <label><input type="radio" name="publish-type" value="now" checked>立即发布</label>
    <label><input type="radio" name="publish-type" value="schedule">定时发布</label>
    <input class="schedule-input" placeholder="日期和时间" ${skin.scheduleReadonly ? 'readonly' : ''} hidden>
  </div>
  <button type="button" class="publish-btn" disabled>${esc(skin.submitText)}</button>
  <div class="toast-error" role="alert"></div>
</form>
<div class="guide-overlay" hidden><div class="guide-card"><p class="guide-text"></p><button type="button" class="guide-close">我知道了</button></div></div>
<div class="confirm-modal" hidden><div class="modal-card"><p>确认发布该作品？</p><button type="button" class="confirm-ok">确认发布</button><button type="button" class="confirm-cancel">取消</button></div></div>
<div class="verify-modal" hidden><div class="modal-card"><p class="verify-title"></p><p class="verify-tip"></p><img class="verify-image" alt="" hidden><input class="verify-input" placeholder="请输入验证码"><button type="button" class="verify-ok">确定</button><p class="verify-error"></p></div></div>`;
  const config = {
    prefix,
    formPath: prefix + skin.formPath,
    successPath: prefix + skin.successPath,
    loginPath: prefix + skin.loginPath,
    createPath: prefix + skin.createPath,
    topicMode: skin.topicMode,
    confirmModal: skin.confirmModal,
    inFrame: Boolean(skin.iframePath),
    fileInputClass: skin.fileInputClass,
    submitText: skin.submitText,
  };
  return layout(skin, '发布作品', body, `const C=${JSON.stringify(config)};${FORM_SCRIPT}`);
}

const FORM_SCRIPT = `
const $=(s)=>document.querySelector(s);
const nav=(url)=>{(C.inFrame?window.top:window).location.href=url;};
const form=$('.publish-form'),btn=$('.publish-btn'),toast=$('.toast-error');
let uploadId=null;const tags=[];
function guide(text){$('.guide-text').textContent=text;$('.guide-overlay').hidden=false;}
$('.guide-close').onclick=()=>{$('.guide-overlay').hidden=true;};
$('.'+C.fileInputClass).onchange=(e)=>{const f=e.target.files[0];if(f){upload(f);}};
function upload(file){
  form.hidden=false;$('.upload-area').hidden=true;guide('新版发布页上线啦，带你快速了解');
  $('.upload-status').innerHTML='<span class="upload-progress">上传中 0%</span>';
  if(location.pathname!==new URL(C.formPath,location.href).pathname){history.pushState({},'',C.formPath+'?enter_from=upload');}
  const fd=new FormData();fd.append('file',file);
  const x=new XMLHttpRequest();x.open('POST',C.prefix+'/api/upload');
  x.upload.onprogress=(e)=>{if(e.lengthComputable){$('.upload-progress').textContent='上传中 '+Math.floor(e.loaded*100/e.total)+'%';}};
  x.onload=()=>{
    if(x.status===401){nav(C.loginPath);return;}
    if(x.status!==200){$('.upload-status').innerHTML='<span class="upload-failed">上传失败</span> <button type="button" class="reupload">重新上传</button>';return;}
    uploadId=JSON.parse(x.responseText).uploadId;$('.upload-progress').textContent='处理中';poll();
  };
  x.onerror=()=>{$('.upload-status').innerHTML='<span class="upload-failed">上传失败</span>';};
  x.send(fd);
}
async function poll(){
  const r=await fetch(C.prefix+'/api/upload/status?id='+uploadId);
  if(r.status===401){nav(C.loginPath);return;}
  const b=await r.json();
  if(b.state!=='done'){setTimeout(poll,300);return;}
  $('.upload-status').innerHTML='<span class="upload-done">上传成功</span> <button type="button" class="reupload">重新上传</button>';
  guide('定时发布功能上线啦');btn.disabled=false;
}
document.querySelectorAll('input[name=publish-type]').forEach((r)=>{r.onchange=()=>{$('.schedule-input').hidden=$('input[name=publish-type]:checked').value!=='schedule';};});
function addTag(t){t=t.replace(/^#/,'').trim();if(!t){return;}tags.push(t);const s=document.createElement('span');s.className='tag-chip';s.textContent='#'+t;$('.tag-list').appendChild(s);}
if(C.topicMode==='enter'){$('.tag-input').onkeydown=(e)=>{if(e.key==='Enter'){e.preventDefault();addTag(e.target.value);e.target.value='';}};}
if(C.topicMode==='suggest'){
  const list=$('.topic-suggestions');
  $('.topic-input').oninput=(e)=>{const v=e.target.value.replace(/^#/,'').trim();list.innerHTML='';list.hidden=!v;
    if(v){for(const t of [v,v+'日常']){const li=document.createElement('li');li.className='topic-item';li.textContent='#'+t;li.onclick=()=>{addTag(t);e.target.value='';list.hidden=true;};list.appendChild(li);}}};
}
$('.cover-input').onchange=(e)=>{const f=e.target.files[0];$('.cover-preview').textContent=f?f.name:'';};
btn.onclick=()=>{if(C.confirmModal){$('.confirm-modal').hidden=false;}else{create();}};
$('.confirm-ok').onclick=()=>{$('.confirm-modal').hidden=true;create();};
$('.confirm-cancel').onclick=()=>{$('.confirm-modal').hidden=true;};
const message=(b)=>b.status_msg||b.message||b.msg||b.errMsg||'发布失败，请稍后重试';
async function create(){
  btn.disabled=true;btn.textContent='发布中';toast.textContent='';
  const schedule=$('input[name=publish-type]:checked').value==='schedule'?$('.schedule-input').value:null;
  const body={uploadId,title:$('.title-input')?$('.title-input').value:'',description:$('.desc-input').value,topics:tags,cover:$('.cover-preview').textContent||null,scheduleAt:schedule};
  let r,b;
  try{r=await fetch(C.createPath,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)});b=await r.json().catch(()=>({}));}
  catch(e){toast.textContent='网络异常，请稍后重试';btn.disabled=false;btn.textContent=C.submitText;return;}
  if(r.status===401){nav(C.loginPath);return;}
  if(!r.ok){toast.textContent=message(b);btn.disabled=false;btn.textContent=C.submitText;return;}
  if(b.verify){verify(b);return;}
  if(r.headers.get('x-sandbox-no-redirect')){return;}
  nav(C.successPath);
}
function verify(b){
  const m=$('.verify-modal');m.dataset.kind=b.verify;m.hidden=false;$('.verify-error').textContent='';$('.verify-input').value='';
  const img=$('.verify-image');img.hidden=!b.verifyImage;if(b.verifyImage){img.src=b.verifyImage;}
  $('.verify-input').hidden=b.verify==='real_name';$('.verify-ok').hidden=b.verify==='real_name';
  $('.verify-title').textContent={sms:'请输入短信验证码',captcha:'请输入图片中的验证码',real_name:'请管理员使用微信扫码完成实名验证'}[b.verify];
  $('.verify-tip').textContent=b.verify==='sms'?'验证码已发送至 138****8000':'';
  if(b.verify==='real_name'){const t=b.verifyTicket;(async function wait(){const r=await fetch(C.prefix+'/api/verify/status?ticket='+t);const s=await r.json();if(s.done){m.hidden=true;create();}else{setTimeout(wait,400);}})();}
}
$('.verify-ok').onclick=async()=>{
  const kind=$('.verify-modal').dataset.kind;
  const r=await fetch(C.prefix+'/api/verify',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({kind,code:$('.verify-input').value})});
  if(r.ok){$('.verify-modal').hidden=true;create();}else{$('.verify-error').textContent='验证码错误，请重新输入';}
};`;

/** The works list: items the platform shows now, newest first, each with its review state. */
/** A duration as works lists show it: m:ss (empty when unknown). */
export function durationText(sec: number): string {
  if (!(sec > 0)) {
    return '';
  }
  const whole = Math.round(sec);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** A time as the creator centres show it: Beijing time, to the minute. */
export function beijingTime(epochMs: number): string {
  return new Date(epochMs + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** The generic works list: title, review state, duration and creation time per work, newest first. */
export function worksPage(skin: Skin, works: WorkView[]): string {
  const items = works
    .map(
      (w) =>
        `<div class="work-item" data-work-id="${esc(w.id)}"><a class="work-title" ${w.permalink ? `href="${esc(w.permalink)}"` : ''}>${esc(w.title)}</a><span class="work-status">${esc(w.status)}</span><span class="work-duration">${durationText(w.durationSec)}</span><time class="work-time" datetime="${new Date(w.createdAt).toISOString()}">${beijingTime(w.createdAt)}</time></div>`,
    )
    .join('');
  return layout(
    skin,
    '作品管理',
    `<h2>作品管理</h2><div class="work-list">${items || '<p class="empty">暂无作品</p>'}</div>`,
  );
}
