/**
 * The publish page's upload, processing, tour, publish button and create/verify steps (browser code).
 * The publish control is the custom element `xhs-publish-btn` with a closed shadow root; its inner
 * button fires a composed `publish` event (IDX), and its label reads 定时发布 for a scheduled post.
 */
export const PUBLISH_SCRIPT = `
const $=(s)=>document.querySelector(s);
class XhsPublishBtn extends HTMLElement{
  constructor(){super();const r=this.attachShadow({mode:'closed'});
    r.innerHTML='<style>button{height:40px;min-width:120px;border:0;border-radius:20px;background:#ff2442;color:#fff;font-size:16px;cursor:pointer}button:disabled{opacity:.4;cursor:not-allowed}</style><button type="button"><span class="d-text">发布</span></button>';
    this._b=r.querySelector('button');this._b.disabled=true;
    this._b.addEventListener('click',()=>{if(!this._b.disabled){this.dispatchEvent(new CustomEvent('publish',{bubbles:true,composed:true}));}});}
  static get observedAttributes(){return['disabled'];}
  attributeChangedCallback(){this._b.disabled=this.hasAttribute('disabled');}
  set label(t){this._b.firstChild.textContent=t;}
}
customElements.define('xhs-publish-btn',XhsPublishBtn);
const publishBtn=$('xhs-publish-btn'),preview=$('.preview-new'),input=$('.upload-input');
let uploadId=null,processed=false,fileSize=0,busy=false;
function toast(text){const t=document.createElement('div');t.className='d-toast';t.setAttribute('role','alert');t.textContent=text;document.body.appendChild(t);setTimeout(()=>t.remove(),5000);}
const steps=[];
function showGuide(){const s=steps[0];const on=Boolean(s);$('.guide-mask').hidden=!on;$('.guide-popover').hidden=!on;if(s){$('.guide-text').textContent=s[0];$('.guide-next').textContent=s[1];const r=s[2]().getBoundingClientRect();Object.assign($('.guide-popover').style,{left:Math.max(8,r.left)+'px',top:(r.bottom+8)+'px'});}}
function guide(list){steps.push(...list);showGuide();}
$('.guide-next').onclick=()=>{steps.shift();showGuide();};
$('.upload-button').onclick=()=>input.click();
input.onchange=()=>{const f=input.files[0];if(f){upload(f);}};
function stage(html){preview.hidden=false;preview.innerHTML=html;}
function upload(file){
  $('.upload-wrapper-video').hidden=true;uploadId=null;processed=false;publishBtn.setAttribute('disabled','');
  stage('<div class="file-name">'+file.name+'</div><div class="stage">上传中 0%</div>');
  const fd=new FormData();fd.append('file',file);
  const x=new XMLHttpRequest();x.open('POST',C.prefix+'/api/upload');
  // 100% is only shown once the platform has answered (the research counts it as done).
  x.upload.onprogress=(e)=>{if(e.lengthComputable){stage('<div class="file-name">'+file.name+'</div><div class="stage">上传中 '+Math.min(99,Math.floor(e.loaded*100/e.total))+'%</div>');}};
  x.onload=()=>{
    if(x.status===401){location.href=C.prefix+'/login';return;}
    if(x.status!==200){stage('<div class="file-name">'+file.name+'</div><div class="stage error">上传失败</div><button type="button" class="d-button retry">重试</button>');$('.retry').onclick=()=>upload(file);return;}
    const b=JSON.parse(x.responseText);uploadId=b.uploadId;fileSize=b.size;
    stage('<div class="file-name">'+file.name+'</div><div class="stage success">上传成功</div><div class="stage">100%</div><div class="info">分辨率 1080P · '+Math.ceil(fileSize/1024)+'KB</div><button type="button" class="d-button reupload">重新上传</button><button type="button" class="d-button edit-cover">编辑封面</button>');
    $('.reupload').onclick=()=>input.click();$('.edit-cover').onclick=()=>openCover();
    $('.publish-editor').hidden=false;
    guide([['笔记编辑全新升级，快来试试吧','下一步',()=>$('.tiptap')],['定时发布、内容类型声明都在这里','我知道了',()=>publishBtn]]);
    poll();
  };
  x.onerror=()=>stage('<div class="stage error">上传失败</div>');
  x.send(fd);
}
async function poll(){
  const r=await fetch(C.prefix+'/api/upload/status?id='+uploadId);
  if(r.status===401){location.href=C.prefix+'/login';return;}
  const b=await r.json();
  if(b.state!=='done'){setTimeout(poll,300);return;}
  processed=true;publishBtn.removeAttribute('disabled');
  guide([['视频处理完成，可以发布啦','我知道了',()=>publishBtn]]);
}
publishBtn.addEventListener('publish',()=>create());
$('.cancel-btn').onclick=()=>{location.href=C.prefix+'/new/home';};
const message=(b)=>b.msg||b.message||'发布失败，请稍后重试';
async function create(){
  if(busy||!processed){return;}
  const title=$('.title-container input.d-text').value;
  if([...title].length>20){toast('标题最多输入20字');return;}
  const schedule=scheduleValue();
  if(schedule===false){toast('请选择正确的定时发布时间');return;}
  busy=true;publishBtn.setAttribute('disabled','');
  const body={uploadId,title,description:bodyText(),topics:topicNames(),cover:coverName||null,declaration:declaration||null,scheduleAt:schedule};
  let r,b;
  try{r=await fetch(C.createPath,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)});b=await r.json().catch(()=>({}));}
  catch(e){toast('网络异常，请稍后重试');busy=false;publishBtn.removeAttribute('disabled');return;}
  busy=false;
  if(r.status===401){location.href=C.prefix+'/login';return;}
  if(!r.ok||b.success===false&&!b.verify){toast(message(b));publishBtn.removeAttribute('disabled');return;}
  if(b.verify){verify(b);return;}
  if(r.headers.get('x-sandbox-no-redirect')){return;}
  location.href=C.prefix+'/publish/success?source=official&bind_status=not_bind&published=true';
}
const VERIFY={sms:['短信验证','为保障账号安全，请输入发送至 138****8000 的短信验证码'],captcha:['图形验证码','请输入下图中的字符'],real_name:['实名认证','请使用小红书App扫描二维码完成实名认证']};
function verify(b){
  const m=$('.verify-dialog');m.hidden=false;m.dataset.kind=b.verify;
  $('.verify-dialog .d-modal-title').textContent=VERIFY[b.verify][0];$('.verify-dialog .d-modal-desc').textContent=VERIFY[b.verify][1];
  $('.verify-dialog .d-input-error').textContent='';$('.verify-code input').value='';
  const img=$('.verify-img');img.hidden=!b.verifyImage;if(b.verifyImage){img.src=b.verifyImage;}
  $('.verify-code').hidden=b.verify==='real_name';$('.verify-ok').hidden=b.verify==='real_name';
  if(b.verify==='real_name'){const t=b.verifyTicket;(async function wait(){const r=await fetch(C.prefix+'/api/verify/status?ticket='+t);const s=await r.json();if(s.done){m.hidden=true;create();}else{setTimeout(wait,400);}})();}
}
$('.verify-ok').onclick=async()=>{
  const kind=$('.verify-dialog').dataset.kind;
  const r=await fetch(C.prefix+'/api/verify',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({kind,code:$('.verify-code input').value})});
  if(r.ok){$('.verify-dialog').hidden=true;create();}else{$('.verify-dialog .d-input-error').textContent='验证码错误，请重新输入';}
};
`;
