/**
 * The editor's browser code: the title counter, the TipTap body with its `#` topic suggestions (a live
 * API that may never answer; at most 10 topics), the cover modal, the content-type declaration and the
 * 定时发布 switch with its date input (1 h – 14 d ahead, Beijing time).
 */
export const EDITOR_SCRIPT = `
const titleInput=$('.title-container input.d-text');
titleInput.addEventListener('input',()=>{$('.d-text-count').textContent=[...titleInput.value].length+'/20';});
const ed=$('.tiptap'),topicBox=$('#creator-editor-topic-container');
let pending=null;
function refreshPlaceholder(){const p=ed.querySelector('p');const empty=ed.textContent.trim()===''&&!ed.querySelector('a.tiptap-topic');
  if(p){if(empty){p.setAttribute('data-placeholder','输入正文描述，真诚有价值的分享予人温暖');p.className='is-empty is-editor-empty';}else{p.removeAttribute('data-placeholder');p.className='';}}
  $('.body-count').textContent=bodyText().length+'/1000';}
function topicNames(){return [...ed.querySelectorAll('a.tiptap-topic')].map((a)=>JSON.parse(a.dataset.topic).name);}
function bodyText(){const c=ed.cloneNode(true);c.querySelectorAll('a.tiptap-topic').forEach((a)=>a.remove());return [...c.querySelectorAll('p')].map((p)=>p.textContent).join('\\n').replace(/\\u00a0/g,' ').trim();}
ed.addEventListener('input',()=>{refreshPlaceholder();
  topicBox.hidden=true;clearTimeout(pending);
  const sel=getSelection();const node=sel.anchorNode;if(!node||node.nodeType!==3){return;}
  const before=node.textContent.slice(0,sel.anchorOffset);const m=/#([^\\s#]+)$/.exec(before);if(!m){return;}
  const at={node,start:sel.anchorOffset-m[0].length,end:sel.anchorOffset,name:m[1]};
  if(C.noSuggestions){return;} // the suggestion API never answers
  pending=setTimeout(()=>suggest(at),400);
});
function suggest(at){
  if(topicNames().length>=10){toast('最多添加10个话题');return;}
  topicBox.innerHTML='';
  for(const [name,views] of [[at.name,'3.2亿次浏览'],[at.name+'日常','1208万次浏览']]){
    const item=document.createElement('div');item.className='item';
    item.innerHTML='<span class="name"></span><span class="num"></span>';item.querySelector('.name').textContent='#'+name;item.querySelector('.num').textContent=views;
    item.addEventListener('mousedown',(e)=>e.preventDefault());
    item.addEventListener('click',()=>pick(at,name));topicBox.appendChild(item);
  }
  topicBox.hidden=false;
}
function pick(at,name){
  const a=document.createElement('a');a.className='tiptap-topic';a.contentEditable='false';a.dataset.topic=JSON.stringify({name});a.textContent='#'+name+'[话题]#';
  const rest=at.node.splitText(at.start);rest.textContent=rest.textContent.slice(at.end-at.start);
  const space=document.createTextNode('\\u00a0');rest.parentNode.insertBefore(a,rest);rest.parentNode.insertBefore(space,rest);
  const r=document.createRange();r.setStart(space,1);r.collapse(true);const sel=getSelection();sel.removeAllRanges();sel.addRange(r);
  topicBox.hidden=true;refreshPlaceholder();
}
ed.addEventListener('keydown',(e)=>{if(e.key==='Escape'){topicBox.hidden=true;}});
$('.topic-btn').onclick=()=>{ed.focus();document.execCommand('insertText',false,'#');};
let coverName='',coverReady='';
function openCover(){$('.cover-modal').hidden=false;}
$('.upload-cover').onclick=openCover;
document.querySelectorAll('.cover-modal .d-tab').forEach((t)=>{t.onclick=()=>{document.querySelectorAll('.cover-modal .d-tab').forEach((x)=>x.classList.toggle('active',x===t));
  document.querySelectorAll('.cover-modal .pane').forEach((p)=>{p.hidden=!p.classList.contains(t.dataset.pane);});};});
const coverInput=$('.upload-wrapper input[type=file]');
$('.upload-wrapper .d-button').onclick=()=>coverInput.click();
coverInput.onchange=()=>{const f=coverInput.files[0];if(!f){return;}coverReady='';$('.cover-ok').disabled=true;$('.cover-state').textContent='图片处理中…';
  setTimeout(()=>{coverReady=f.name;$('.cover-state').textContent='已选择 '+f.name;$('.cover-ok').disabled=false;},1500);};
$('.cover-ok').onclick=()=>{if(coverReady){coverName=coverReady;$('.cover-name').textContent=coverName;$('.upload-cover').textContent='修改封面';}$('.cover-modal').hidden=true;};
$('.cover-cancel').onclick=()=>{$('.cover-modal').hidden=true;};
let declaration='';
$('.declaration-select').onclick=()=>{$('.declaration-popover').hidden=!$('.declaration-popover').hidden;};
document.querySelectorAll('.declaration-popover .d-option').forEach((o)=>{o.onclick=()=>{const v=o.dataset.value;
  if(v==='source'){$('.d-sub-options').hidden=false;return;}
  if(v==='repost'){$('.declaration-popover').hidden=true;$('.repost-modal').hidden=false;return;}
  declaration=o.textContent.trim();$('.declaration-value').textContent=declaration;$('.declaration-popover').hidden=true;};});
$('.repost-ok').onclick=()=>{const name=$('.repost-modal input').value.trim();if(!name){return;}declaration='来源转载：'+name;$('.declaration-value').textContent=declaration;$('.repost-modal').hidden=true;};
$('.repost-cancel').onclick=()=>{$('.repost-modal').hidden=true;};
const sw=$('.custom-switch-card .d-switch'),dateInput=$('.d-datepicker-input-filter input.d-text');
function bj(ms){const d=new Date(ms+8*3600000);const p=(n)=>String(n).padStart(2,'0');return d.getUTCFullYear()+'-'+p(d.getUTCMonth()+1)+'-'+p(d.getUTCDate())+' '+p(d.getUTCHours())+':'+p(d.getUTCMinutes());}
function parseBj(v){const m=/^(\\d{4})-(\\d{2})-(\\d{2}) (\\d{2}):(\\d{2})$/.exec(v.trim());return m?Date.UTC(+m[1],m[2]-1,+m[3],m[4]-8,+m[5]):NaN;}
sw.onclick=()=>{const on=!sw.classList.contains('d-switch-checked');sw.classList.toggle('d-switch-checked',on);$('.date-picker-container').hidden=!on;
  if(on&&!dateInput.value){dateInput.value=bj(Date.now()+2*3600000);}publishBtn.label=on?'定时发布':'发布';};
function checkDate(){const t=parseBj(dateInput.value);const ok=t-Date.now()>=3600000&&t-Date.now()<=14*86400000;$('.schedule-error').textContent=ok?'':'定时发布时间需在1小时至14天之间';return ok;}
dateInput.addEventListener('keydown',(e)=>{if(e.key==='Enter'){checkDate();}});
dateInput.addEventListener('change',checkDate);
function scheduleValue(){if(!sw.classList.contains('d-switch-checked')){return null;}return checkDate()?dateInput.value.trim():false;}
`;
