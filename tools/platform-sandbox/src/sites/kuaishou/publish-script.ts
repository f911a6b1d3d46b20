/**
 * The publish page's behaviour (C: prefix, loginUrl, successPath, createPath, cls, reuploadInput).
 * Written as the site behaves (research/connectors.md §2), not as any connector expects.
 */
export const PUBLISH_SCRIPT = String.raw`
const $=(s,r)=>(r||document).querySelector(s);
const q=(n)=>$('.'+C.cls[n]);
const form=q('publish-form'),box=$('.progress-div');
let file=null,uploadId=null,processed=false,cover=null,committed='',pending='',creating=false,tipped=false;
function msg(type,text){const n=document.createElement('div');n.className='ant-message-notice';
  n.innerHTML='<div class="ant-message-notice-content"><div class="ant-message-custom-content ant-message-'+type+'"><span class="anticon"></span><span></span></div></div>';
  n.querySelector('span:last-child').textContent=text;$('.ant-message').appendChild(n);setTimeout(()=>n.remove(),5000);}
function modal(title,body,buttons,extra){const root=document.createElement('div');root.className='ant-modal-root open';
  root.innerHTML='<div class="ant-modal-mask"></div><div tabindex="-1" class="ant-modal-wrap" role="dialog"><div role="document" class="ant-modal '+(extra||'')+'"><div class="ant-modal-content"><button type="button" aria-label="Close" class="ant-modal-close"><span class="ant-modal-close-x">×</span></button><div class="ant-modal-header"><div class="ant-modal-title"></div></div><div class="ant-modal-body">'+body+'</div>'+(buttons.length?'<div class="ant-modal-footer"></div>':'')+'</div></div></div>';
  $('.ant-modal-title',root).textContent=title;root.close=()=>root.remove();$('.ant-modal-close',root).onclick=()=>root.close();
  for(const b of buttons){const el=document.createElement('button');el.type='button';el.className='ant-btn '+(b.primary?'ant-btn-primary':'ant-btn-default');
    el.innerHTML='<span></span>';el.firstChild.textContent=b.text;el.onclick=b.onClick||(()=>root.close());$('.ant-modal-footer',root).appendChild(el);}
  $('.modals').appendChild(root);return root;}
// One Joyride on the page: a new tour replaces the one showing.
function tour(steps){document.querySelectorAll('#react-joyride-portal,[id^=react-joyride-step]').forEach((e)=>e.remove());let i=0;const portal=document.createElement('div');portal.id='react-joyride-portal';
  portal.innerHTML='<div class="react-joyride__overlay" role="presentation"><div class="react-joyride__spotlight"></div></div>';
  const step=document.createElement('div');document.body.append(portal,step);
  const render=()=>{const last=i===steps.length-1,label=last?'我知道了':'下一步';step.id='react-joyride-step-'+i;
    step.innerHTML='<div class="__floater __floater__open"><div class="react-joyride__tooltip" aria-modal="true" role="alertdialog" tabindex="-1"><div class="tip-content"></div><div class="tip-footer"><button type="button" data-action="skip" role="button" aria-live="off" title="跳过" aria-label="跳过">跳过</button><button type="button" data-action="primary" role="button" title="'+label+'" aria-label="'+label+'">'+label+'</button></div><button type="button" data-action="close" aria-label="关闭">×</button></div></div>';
    $('.tip-content',step).textContent=steps[i];};
  step.onclick=(e)=>{const a=e.target.closest('[data-action]');if(!a){return;}if(a.dataset.action==='primary'&&i<steps.length-1){i+=1;render();}else{portal.remove();step.remove();}};
  render();}
setTimeout(()=>tour(['全新发布页上线啦，点击这里上传视频','上传后可以设置封面、定时发布']),300);

const picker=$('input[type=file]',q('upload-container'));
q('upload-btn').onclick=()=>picker.click();
picker.onchange=()=>{const f=picker.files[0];picker.value='';if(f){file=f;q('upload-container').hidden=true;form.hidden=false;send();
  if(!tipped){tipped=true;modal('温馨提示','<p>视频上传过程中请不要关闭或刷新页面</p>',[{text:'我知道了',primary:true}]);}}};
function named(html){box.innerHTML='<span class="'+C.cls['file-name']+'"></span>'+html;q('file-name').textContent=file.name;}
function progress(p){named('<span class="'+C.cls['upload-status']+'">上传中 '+p+'%</span><div class="ant-progress ant-progress-line"><div class="ant-progress-inner"><div class="ant-progress-bg" style="width:'+p+'%"></div></div><span class="ant-progress-text">'+p+'%</span></div>');}
function failed(){named('<span class="'+C.cls['upload-fail']+'">上传失败</span><span class="'+C.cls.reupload+'">重新上传<input type="file" accept="video/*" class="'+C.reuploadInput+'" style="display:none"></span>');
  const again=$('input',q('reupload'));q('reupload').onclick=(e)=>{if(e.target!==again){again.click();}};
  again.onchange=()=>{const f=again.files[0];if(f){file=f;send();}};}
function send(){uploadId=null;processed=false;progress(0);const fd=new FormData();fd.append('file',file);
  const x=new XMLHttpRequest();x.open('POST',C.prefix+'/api/upload');
  x.upload.onprogress=(e)=>{if(e.lengthComputable){progress(Math.floor(e.loaded*100/e.total));}};
  x.onload=()=>{if(x.status===401){location.href=C.loginUrl;return;}if(x.status!==200){failed();return;}uploadId=JSON.parse(x.responseText).uploadId;poll();};
  x.onerror=failed;x.send(fd);}
async function poll(){const r=await fetch(C.prefix+'/api/upload/status?id='+uploadId);if(r.status===401){location.href=C.loginUrl;return;}
  const b=await r.json();if(b.state!=='done'){setTimeout(poll,300);return;}
  processed=true;named('<span class="'+C.cls.reupload+'">更换视频</span>');tour(['在这里填写作品描述，输入#添加话题','设置封面和发布时间后点击发布']);}

q('default-cover').onclick=()=>{let picked=null;
  const m=modal('封面设置','<div role="tablist" class="ant-tabs-nav"><div role="tab" class="ant-tabs-tab ant-tabs-tab-active">截取封面</div><div role="tab" class="ant-tabs-tab">上传封面</div></div><div class="cover-pane"><p>拖动选择视频画面作为封面</p></div>',
    [{text:'取消'},{text:'确认',primary:true,onClick:()=>{if(picked){cover=picked;q('cover-name').textContent=picked;}m.close();}}]);
  const tabs=m.querySelectorAll('[role=tab]'),pane=$('.cover-pane',m);
  tabs[1].onclick=()=>{tabs[0].classList.remove('ant-tabs-tab-active');tabs[1].classList.add('ant-tabs-tab-active');
    pane.innerHTML='<span class="ant-upload"><input type="file" accept="image/png,image/jpeg" style="display:none"><button type="button" class="ant-btn"><span>上传图片</span></button></span><p class="cover-picked"></p>';
    const input=$('input',pane);$('button',pane).onclick=()=>input.click();
    input.onchange=()=>{const f=input.files[0];if(f){picked=f.name;$('.cover-picked',pane).textContent=f.name;}};};
  tabs[0].onclick=()=>{tabs[1].classList.remove('ant-tabs-tab-active');tabs[0].classList.add('ant-tabs-tab-active');pane.innerHTML='<p>拖动选择视频画面作为封面</p>';};};

const radios=document.querySelectorAll('.ant-radio-wrapper'),pin=$('.ant-picker input'),drop=$('.ant-picker-dropdown');
radios.forEach((l)=>{l.onclick=(e)=>{e.preventDefault();radios.forEach((o)=>{const on=o===l;o.classList.toggle('ant-radio-wrapper-checked',on);$('.ant-radio',o).classList.toggle('ant-radio-checked',on);$('input',o).checked=on;});
  $('.ant-picker').hidden=$('input',l).value!=='2';};});
// A controlled DatePicker: typing only stages a value; Enter or 确定 commits it; anything else is reset to the committed one.
pin.onfocus=()=>{drop.hidden=false;};
pin.oninput=()=>{pending=/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(pin.value)?pin.value:'';};
const commit=()=>{if(pending){committed=pending;}pin.value=committed;drop.hidden=true;};
pin.onkeydown=(e)=>{if(e.key==='Enter'){commit();}};
pin.onblur=()=>{setTimeout(()=>{pin.value=committed;drop.hidden=true;},0);};
$('.ant-picker-ok button').onmousedown=(e)=>e.preventDefault();
$('.ant-picker-ok button').onclick=commit;

$('button',q('button-group')).onclick=()=>{
  if(!processed){msg('warning','视频上传中，请稍后发布');return;}
  if($('input[name=publish-time]:checked').value==='2'&&!committed){msg('error','请选择定时发布时间');return;}
  const root=document.createElement('div');root.className='ant-modal-root open';
  root.innerHTML='<div class="ant-modal-mask"></div><div tabindex="-1" class="ant-modal-wrap" role="dialog"><div role="document" class="ant-modal ant-modal-confirm ant-modal-confirm-confirm"><div class="ant-modal-content"><div class="ant-modal-body"><div class="ant-modal-confirm-body-wrapper"><div class="ant-modal-confirm-body"><span class="anticon anticon-exclamation-circle"></span><span class="ant-modal-confirm-title">发布确认</span><div class="ant-modal-confirm-content">作品发布后将进入审核，审核通过后所有人可见</div></div><div class="ant-modal-confirm-btns"><button type="button" class="ant-btn ant-btn-default"><span>取消</span></button><button type="button" class="ant-btn ant-btn-primary"><span>确认发布</span></button></div></div></div></div></div></div>';
  $('.modals').appendChild(root);const [no,yes]=root.querySelectorAll('.ant-modal-confirm-btns button');
  no.onclick=()=>root.remove();yes.onclick=()=>{root.remove();create();};};
async function create(){if(creating){return;}creating=true;
  const scheduled=$('input[name=publish-time]:checked').value==='2';
  const body={uploadId,description:q('description').innerText.trim(),cover,scheduleAt:scheduled?committed:null};
  let r,b;
  try{r=await fetch(C.createPath,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)});b=await r.json().catch(()=>({}));}
  catch(e){creating=false;msg('error','网络异常，请稍后重试');return;}
  creating=false;
  if(r.status===401){location.href=C.loginUrl;return;}
  if(b.verify){verify(b);return;}
  if(!r.ok||b.result!==1){msg('error',b.message||'发布失败，请稍后重试');return;}
  if(r.headers.get('x-sandbox-no-redirect')){msg('success','发布成功');return;}
  location.href=C.successPath;}
const VERIFY={sms:['短信验证','为保障账号安全，请输入发送至 138****8000 的短信验证码','请输入短信验证码'],captcha:['图形验证','请输入下图中的字符','请输入图形验证码'],real_name:['实名认证','请使用快手App扫描二维码完成实名认证','']};
function verify(b){const [title,tip,ph]=VERIFY[b.verify];
  const img=b.verifyImage?'<img class="verify-img" alt="" src="'+b.verifyImage+'">':'';
  const field=ph?'<div class="ant-form-item"><input class="ant-input" placeholder="'+ph+'"></div>':'';
  const check=async()=>{const input=$('input',m);
    const r=await fetch(C.prefix+'/api/verify',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({kind:b.verify,code:input.value})});
    if(r.ok){m.close();create();return;}
    if(!$('.ant-form-item-explain',m)){$('.ant-form-item',m).insertAdjacentHTML('beforeend','<div class="ant-form-item-explain"><div class="ant-form-item-explain-error">验证码错误，请重新输入</div></div>');}};
  const m=modal(title,'<p class="verify-tip">'+tip+'</p>'+img+field,ph?[{text:'取消'},{text:'确定',primary:true,onClick:check}]:[]);
  if(ph){$('input',m).oninput=()=>{const e=$('.ant-form-item-explain',m);if(e){e.remove();}};return;}
  (async function wait(){if(!m.isConnected){return;}const r=await fetch(C.prefix+'/api/verify/status?ticket='+b.verifyTicket);const s=await r.json();
    if(s.done){m.close();create();}else{setTimeout(wait,400);}})();}
`;
