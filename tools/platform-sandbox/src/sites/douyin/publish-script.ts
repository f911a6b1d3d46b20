/**
 * The publish app's script (runs in the page; `C` is its config). Semi's modals, portals and toasts are
 * appended to <body> when opened, as Semi does; the shepherd tour and the topic portal take clicks
 * until dismissed; 完成 answers only a trusted pointer sequence (research §1). Runs after SMS_DIALOG_SCRIPT.
 */
export const PUBLISH_SCRIPT = String.raw`
const $=(s,r=document)=>r.querySelector(s);
const P=C.prefix,K=C.cls;
const S={uploadId:null,processed:false,cover:null,declaration:null,schedule:null,formMounted:false};
const input=$('input.upload-btn-input'),progress=$('.progress-div');
const el=(html)=>{const t=document.createElement('template');t.innerHTML=html.trim();return t.content.firstElementChild;};
const nav=(path)=>{location.href=P+path;};
function toast(text){const t=el('<div class="semi-toast semi-toast-error"><div class="semi-toast-content"><span class="semi-toast-content-text"></span></div></div>');$('.semi-toast-content-text',t).textContent=text;$('.semi-toast-wrapper').appendChild(t);}
const clearToasts=()=>{$('.semi-toast-wrapper').innerHTML='';};
function modal(inner,extra=''){const m=el('<div class="semi-portal"><div class="semi-modal-mask"></div><div class="semi-modal-wrap"><div class="semi-modal '+extra+'"><div class="semi-modal-content">'+inner+'</div></div></div></div>');document.body.appendChild(m);return m;}
function tour(){
  const overlay=el('<svg class="shepherd-modal-overlay-container shepherd-modal-is-visible"><path d="M0 0H4000V4000H0Z" fill-opacity="0.5"></path></svg>');
  const box=el('<div class="shepherd-element shepherd-enabled" role="dialog"><div class="shepherd-content"><header class="shepherd-header"><h3 class="shepherd-title"></h3><button type="button" class="shepherd-cancel-icon" aria-label="关闭">×</button></header><div class="shepherd-text"></div><footer class="shepherd-footer"><button type="button" class="shepherd-button"></button></footer></div></div>');
  const steps=[['设置封面','好的封面能吸引更多观众，点这里选择封面','下一步'],['发布作品','完善信息后点击发布','我知道了']];let i=0;
  const show=()=>{const s=steps[i];$('.shepherd-title',box).textContent=s[0];$('.shepherd-text',box).textContent=s[1];$('.shepherd-button',box).textContent=s[2];};
  const end=()=>{overlay.remove();box.remove();};
  $('.shepherd-button',box).onclick=()=>{i+=1;if(i>=steps.length){end();}else{show();}};
  $('.shepherd-cancel-icon',box).onclick=end;show();document.body.append(overlay,box);
}
function mountForm(){
  if(S.formMounted){return;}S.formMounted=true;
  $('.publish-view').appendChild($('#publish-form').content.cloneNode(true));
  bindForm();tour();
}
input.addEventListener('change',()=>{const f=input.files[0];if(f){upload(f);}});
function upload(file){
  $('.upload-view').hidden=true;
  const target=C.version==='v1'?C.paths.publishV1:C.paths.publishV2;
  if(location.pathname!==P+target){history.pushState({},'',P+target+'?enter_from=publish_page');}
  progress.textContent='上传中 0%';$('.progress-view').hidden=false;
  if(C.version==='v1'){mountForm();}
  const card=$('.'+K['long-card']);if(card){card.hidden=true;}
  const fd=new FormData();fd.append('file',file);
  const x=new XMLHttpRequest();x.open('POST',P+'/api/upload');
  x.upload.onprogress=(e)=>{if(e.lengthComputable){progress.textContent='上传中 '+Math.floor(e.loaded*100/e.total)+'%';}};
  const failed=()=>{progress.innerHTML='<span class="progress-fail">上传失败</span> <span class="progress-retry">重新上传</span>';$('.progress-retry').onclick=()=>input.click();};
  x.onload=()=>{
    if(x.status===401){nav('/');return;}
    if(x.status!==200){failed();return;}
    S.uploadId=JSON.parse(x.responseText).uploadId;
    $('.progress-view').hidden=true;mountForm();
    const c=$('.'+K['long-card']);$('.card-name',c).textContent=file.name;$('.card-state',c).textContent='视频处理中';c.hidden=false;
    poll();
  };
  x.onerror=failed;x.send(fd);
}
async function poll(){
  const r=await fetch(P+'/api/upload/status?id='+S.uploadId);
  if(r.status===401){nav('/');return;}
  const b=await r.json();
  if(b.state!=='done'){setTimeout(poll,400);return;}
  S.processed=true;$('.card-state').textContent='上传完成';
  const btn=$('.content-confirm-container .semi-button-primary');btn.disabled=false;btn.classList.remove('semi-button-disabled');btn.removeAttribute('aria-disabled');
}
function bindForm(){
  $('.card-reupload').onclick=()=>input.click();
  const editor=$('.zone-container');
  editor.addEventListener('input',(e)=>{if((e.data||'').includes('#')){mention(editor);}});
  $('.'+K.coverControl).onclick=coverModal;
  document.querySelectorAll('.'+K.recommendCover).forEach((r)=>{r.onclick=()=>setCover(r.dataset.name);});
  $('.'+K.declare).onclick=declareModal;
  document.querySelectorAll('input[name=timing]').forEach((r)=>{r.addEventListener('change',()=>{
    const on=r.value==='schedule'&&r.checked;document.querySelectorAll('.semi-radio').forEach((l)=>l.classList.toggle('semi-radio-checked',$('input',l).checked));
    $('.semi-datepicker').hidden=!on;if(!on){S.schedule=null;}});});
  const picker=$('.semi-datepicker input');
  const commit=()=>{const v=picker.value.trim();S.schedule=/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(v)?v:null;if(!S.schedule&&v){toast('请输入正确的日期和时间');}};
  picker.addEventListener('keydown',(e)=>{if(e.key==='Enter'){commit();}});picker.addEventListener('blur',commit);
  $('.content-confirm-container .semi-button-primary').onclick=publish;
}
// The # topic dropdown: a Semi portal whose layer covers the page and stays until Escape (research: #49).
function mention(editor){
  if($('.semi-portal [class*=mention-wrapper]')){return;}
  const m=el('<div class="semi-portal"><div class="semi-portal-inner"><div class="'+K['mention-wrapper']+'" style="position:absolute;left:200px;top:320px;background:#fff;box-shadow:0 2px 8px rgba(0,0,0,.2)"></div></div></div>');
  for(const [t,n] of [['新品','1.2亿次播放'],['探店','8630万次播放'],['日常','3.4亿次播放']]){
    const item=el('<div class="mention-item"><span class="mention-item-name"></span> <span class="mention-item-count"></span></div>');
    $('.mention-item-name',item).textContent='#'+t;$('.mention-item-count',item).textContent=n;
    item.onclick=()=>{editor.textContent=editor.textContent.replace(/#[^#\s]*$/,'#'+t+' ');m.remove();};$('[class*=mention-wrapper]',m).appendChild(item);}
  document.body.appendChild(m);
}
document.addEventListener('keydown',(e)=>{if(e.key==='Escape'){const m=$('.semi-portal [class*=mention-wrapper]');if(m){m.closest('.semi-portal').remove();}}});
function setCover(name){S.cover=name;$('.cover-preview').textContent=name;$('.cover-hover').textContent='编辑封面';}
function coverModal(){
  const m=modal('<div class="semi-modal-header"><h5 class="semi-modal-title">设置封面</h5></div><div class="semi-modal-body">'
    +'<div class="semi-tabs"><div class="semi-tabs-tab semi-tabs-tab-active">设置竖封面</div><div class="semi-tabs-tab">设置横封面</div></div>'
    +'<div class="'+K['ai-cover']+' semi-upload"><div class="semi-upload-add">AI 生成参考图</div><input type="file" class="semi-upload-hidden-input" accept="image/*"></div>'
    +'<div class="semi-upload"><div class="semi-upload-drag-area"><div class="semi-upload-drag-area-main-text">点击上传 或直接将图片文件拖入此区域</div><div class="semi-upload-drag-area-sub-text">建议上传3:4的图片</div></div><input type="file" class="semi-upload-hidden-input" accept="image/png,image/jpeg"></div>'
    +'<div class="cover-modal-state"></div></div><div class="semi-modal-footer"><button type="button" class="semi-button semi-button-tertiary">取消</button><button type="button" class="semi-button semi-button-primary semi-button-disabled" disabled aria-disabled="true">完成</button></div>','dy-creator-content-modal');
  const inputs=m.querySelectorAll('input.semi-upload-hidden-input'),done=$('.semi-modal-footer .semi-button-primary',m);let pending=null;
  inputs[0].onchange=()=>{$('.cover-modal-state',m).textContent='参考图已上传，AI 生成中';};
  inputs[1].onchange=()=>{const f=inputs[1].files[0];if(!f){return;}pending=f.name;$('.cover-modal-state',m).textContent='封面处理中';
    setTimeout(()=>{$('.cover-modal-state',m).textContent='';done.disabled=false;done.classList.remove('semi-button-disabled');done.removeAttribute('aria-disabled');},C.coverMs);};
  $('.semi-button-tertiary',m).onclick=()=>m.remove();
  pointerOnly(done,()=>{if(!pending){return;}
    const c=modal('<div class="semi-modal-header"><h5 class="semi-modal-title">是否确认应用此封面？</h5></div><div class="semi-modal-body">封面将用于作品展示</div><div class="semi-modal-footer"><button type="button" class="semi-button semi-button-tertiary">取消</button><button type="button" class="semi-button semi-button-primary">确定</button></div>','semi-modal-confirm');
    $('.semi-button-tertiary',c).onclick=()=>c.remove();
    $('.semi-button-primary',c).onclick=()=>{setCover(pending);c.remove();m.remove();};});
}
function declareModal(){
  const m=modal('<div class="semi-modal-header"><h5 class="semi-modal-title">请选择声明类型（单选）</h5></div><div class="semi-modal-body"><div class="semi-radioGroup semi-radioGroup-vertical">'
    +C.declarations.map((d)=>'<label class="semi-radio"><input type="radio" class="semi-radio-input" name="declare"><span class="semi-radio-inner"></span><span class="semi-radio-addon"></span></label>').join('')
    +'</div></div><div class="semi-modal-footer"><button type="button" class="semi-button semi-button-tertiary">取消</button><button type="button" class="semi-button semi-button-primary">确定</button></div>');
  const labels=m.querySelectorAll('label.semi-radio');let chosen=null;
  labels.forEach((l,i)=>{$('.semi-radio-addon',l).textContent=C.declarations[i];$('input',l).addEventListener('change',()=>{chosen=C.declarations[i];labels.forEach((o)=>o.classList.toggle('semi-radio-checked',o===l));});});
  $('.semi-button-tertiary',m).onclick=()=>m.remove();
  $('.semi-button-primary',m).onclick=()=>{if(!chosen){toast('请选择声明类型');return;}S.declaration=chosen;$('.entry-text').textContent=chosen;m.remove();};
}
function publish(){
  clearToasts();
  if(!S.processed){return;}
  if(!S.cover){toast('请设置封面后再发布');return;}
  if(!S.declaration){toast('请设置自主声明后再发布');return;}
  create();
}
const btnText=(t)=>{$('.content-confirm-container .semi-button-primary').textContent=t;};
async function create(){
  btnText('发布中');
  const body={uploadId:S.uploadId,title:$('input[placeholder*="填写作品标题"]').value,description:$('.zone-container').innerText.trim(),cover:S.cover,declaration:S.declaration,scheduleAt:S.schedule};
  let r,b;
  try{r=await fetch(C.createPath,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)});b=await r.json().catch(()=>({}));}
  catch(e){btnText('发布');toast('网络异常，请稍后重试');return;}
  btnText('发布');
  if(r.status===401){nav('/');return;}
  if(b.verify){verify(b);return;}
  if(!r.ok||b.status_code!==0){toast(b.status_msg||b.message||'发布失败，请稍后重试');return;}
  if(r.headers.get('x-sandbox-no-redirect')){return;}
  nav(C.paths.manage+'?enter_from=publish');
}
function verify(b){
  if(b.verify==='sms'){smsDialog(P,create);return;}
  if(b.verify==='captcha'){
    const m=el('<div class="uc-ui-verify_mask"><div id="captcha_container"><div class="captcha_verify_container"><div class="captcha_verify_bar--title">请完成下列验证后继续</div><div class="captcha_verify_img--wrapper"><img class="captcha_verify_img"></div>'
      +'<input class="captcha_verify_input" placeholder="请输入图中的验证码"><div class="captcha_verify_message"></div><div class="captcha_verify_action">提交</div></div></div></div>');
    $('img',m).src=b.verifyImage;document.body.appendChild(m);const field=$('input',m),err=$('.captcha_verify_message',m);
    field.addEventListener('input',()=>{err.textContent='';});
    $('.captcha_verify_action',m).onclick=()=>check(m,'captcha',field.value,err);
    return;
  }
  const m=modal('<div class="semi-modal-header"><h5 class="semi-modal-title">请完成实名认证</h5></div><div class="semi-modal-body"><p class="real-name-tip">请使用抖音App扫描二维码完成实名认证</p><img class="real-name-qrcode" width="180" height="180"></div>','real-name-modal');
  $('img',m).src=b.verifyImage;
  (async function wait(){const s=await fetch(P+'/api/verify/status?ticket='+b.verifyTicket).then((r)=>r.json());if(s.done){m.remove();create();}else{setTimeout(wait,500);}})();
}
async function check(m,kind,code,err){
  const r=await fetch(P+'/api/verify',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({kind,code})});
  if(r.ok){m.remove();create();}else{err.textContent='验证码错误，请重新输入';}
}
`;
