import type { SiteContext } from '../site.ts';

const STYLE = `
body{font-family:"WenQuanYi Micro Hei",sans-serif;margin:0;padding:24px}
[hidden]{display:none!important}
.bcc-upload-wrapper{border:1px dashed #aaa;padding:32px;text-align:center;cursor:pointer}
.form-item{margin:12px 0}
.ql-editor{min-height:80px;border:1px solid #ddd;padding:8px}
.ql-editor:empty:before{content:attr(data-placeholder);color:#999}
.label-item-v2-container{display:inline-block;margin:2px 4px;padding:2px 8px;background:#eef}
.check-radio-v2-name{margin-right:12px;cursor:pointer}
.check-radio-v2-name.active{color:#00a1d6}
.bcc-dialog__wrap{position:fixed;inset:0;background:rgba(0,0,0,.4);display:flex;align-items:center;justify-content:center}
.cover-editor{background:#fff;padding:24px;min-width:360px}
.submit-add{display:inline-block;background:#00a1d6;color:#fff;padding:8px 32px;cursor:pointer}
.bcc-message--error{color:#f45a8d}
`;

/**
 * The upload page as research §5's browser flow describes it (MP, video-publisher-skill #20): a hidden
 * `input[type=file]`, 上传完成 when the upload ends, a title `input[maxlength="80"]`, a Quill editor, tags
 * closed with Enter, 自制/转载, the 添加封面 dialog (2026-08 classes) and `span.submit-add` 立即投稿. Its
 * script posts through the same web upload API as the uploaders (csrf from the bili_jct cookie).
 */
export function uploadFramePage(ctx: SiteContext): string {
  const body = `
<div class="upload-area"><div class="bcc-upload-wrapper"><p>拖拽到此处也能上传</p><span class="upload-btn">上传视频</span>
<input type="file" accept=".mp4,.flv,.mov,.mkv,.webm" style="display:none"></div></div>
<div class="video-form" hidden>
  <div class="file-item"><span class="file-name"></span> <span class="upload-state"></span></div>
  <div class="form-item"><span class="check-radio-v2-name active" data-copyright="1">自制</span><span class="check-radio-v2-name" data-copyright="2">转载</span></div>
  <div class="form-item">封面 <span class="cover-empty-pill">添加封面</span><img class="cover-preview" alt="" hidden width="160"></div>
  <div class="form-item">标题 <input type="text" maxlength="80" placeholder="请输入稿件标题"></div>
  <div class="form-item">标签 <div class="tag-pre-wrp"></div><input type="text" placeholder="按回车键Enter创建标签"></div>
  <div class="form-item">简介 <div class="ql-container"><div class="ql-editor" contenteditable="true" data-placeholder="填写更全面的相关信息，让更多的人能找到你的视频吧"></div></div></div>
  <div class="form-item"><span class="submit-add">立即投稿</span> <span class="bcc-message--error" role="alert"></span></div>
</div>
<div class="bcc-dialog__wrap" hidden><div class="cover-editor"><div class="cover-select-header-tab"><span class="tab-item">截取封面</span><span class="tab-item">上传封面</span></div>
  <div class="bcc-upload-wrapper cover-upload" hidden><input type="file" accept="image/png, image/jpeg"></div>
  <button type="button" class="cover-done">完成</button></div></div>`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>视频投稿 - 哔哩哔哩创作中心</title><style>${STYLE}</style></head><body>${body}<script>const P=${JSON.stringify(ctx.prefix)};${SCRIPT}</script></body></html>`;
}

const SCRIPT = `
const $=(s)=>document.querySelector(s);
const csrf=()=>(/(?:^|;\\s*)bili_jct=([^;]*)/.exec(document.cookie)||[])[1]||'';
let filename=null,cover='',copyright=1;const tags=[];
const state=(t)=>{$('.upload-state').textContent=t;};
$('.upload-area input[type=file]').onchange=(e)=>{const f=e.target.files[0];if(f){upload(f).catch(()=>state('上传失败'));}};
$('.upload-btn').onclick=()=>$('.upload-area input[type=file]').click();
async function upload(file){
  $('.upload-area').hidden=true;$('.video-form').hidden=false;$('.file-name').textContent=file.name;state('上传中 0%');
  $('input[maxlength="80"]').value=file.name.replace(/\\.\\w+$/,'').slice(0,80);
  const pre=await (await fetch(P+'/preupload?r=upos&profile=ugcfx%2Fbup&name='+encodeURIComponent(file.name)+'&size='+file.size)).json();
  if(pre.OK!==1){if(pre.code===-101){location.href=P+'/passport/login';}state('上传失败');return;}
  const url=location.protocol+pre.endpoint+'/'+pre.upos_uri.replace('upos://','');const h={'X-Upos-Auth':pre.auth};
  const init=await (await fetch(url+'?uploads&output=json',{method:'POST',headers:h})).json();
  const n=Math.max(1,Math.ceil(file.size/pre.chunk_size));let sent=0;
  for(let i=0;i<n;i++){const start=i*pre.chunk_size,end=Math.min(file.size,start+pre.chunk_size);
    const q='partNumber='+(i+1)+'&uploadId='+init.upload_id+'&chunk='+i+'&chunks='+n+'&size='+(end-start)+'&start='+start+'&end='+end+'&total='+file.size;
    const r=await fetch(url+'?'+q,{method:'PUT',headers:h,body:file.slice(start,end)});if(!r.ok){state('上传失败');return;}
    sent+=end-start;state('上传中 '+Math.floor(sent*100/file.size)+'%');}
  const parts=Array.from({length:n},(_,i)=>({partNumber:i+1,eTag:'etag'}));
  const done=await (await fetch(url+'?output=json&name='+encodeURIComponent(file.name)+'&profile=ugcfx%2Fbup&uploadId='+init.upload_id+'&biz_id='+pre.biz_id,{method:'POST',headers:h,body:JSON.stringify({parts})})).json();
  if(done.OK!==1){state('上传失败');return;}
  filename=pre.upos_uri.split('/').pop().replace(/\\.\\w+$/,'');state('上传完成');
}
document.querySelectorAll('.check-radio-v2-name').forEach((el)=>{el.onclick=()=>{document.querySelectorAll('.check-radio-v2-name').forEach((x)=>x.classList.remove('active'));el.classList.add('active');copyright=Number(el.dataset.copyright);};});
$('input[placeholder="按回车键Enter创建标签"]').onkeydown=(e)=>{if(e.key!=='Enter'){return;}e.preventDefault();const t=e.target.value.trim();e.target.value='';
  if(!t||tags.includes(t)||tags.length>=10){return;}tags.push(t);const c=document.createElement('span');c.className='label-item-v2-container';c.textContent=t;$('.tag-pre-wrp').appendChild(c);};
$('.cover-empty-pill').onclick=()=>{$('.bcc-dialog__wrap').hidden=false;};
document.querySelectorAll('.cover-select-header-tab .tab-item').forEach((el)=>{el.onclick=()=>{$('.cover-upload').hidden=el.textContent!=='上传封面';};});
$('.cover-upload input').onchange=(e)=>{const f=e.target.files[0];if(!f){return;}const rd=new FileReader();rd.onload=async()=>{
  const r=await (await fetch(P+'/x/vu/web/cover/up',{method:'POST',headers:{'content-type':'application/x-www-form-urlencoded'},body:new URLSearchParams({cover:rd.result,csrf:csrf()})})).json();
  if(r.code===0){cover=r.data.url;$('.cover-preview').src=rd.result;$('.cover-preview').hidden=false;}};rd.readAsDataURL(f);};
$('.cover-done').onclick=()=>{$('.bcc-dialog__wrap').hidden=true;};
$('.submit-add').onclick=async()=>{
  const err=$('.bcc-message--error');err.textContent='';
  if(!filename){err.textContent='视频尚未上传完成';return;}
  const title=$('input[maxlength="80"]').value.trim();
  const body={copyright,source:'',tid:21,cover,title,desc:$('.ql-editor').innerText.trim(),dynamic:'',tag:tags.join(','),videos:[{title,desc:'',filename}],dtime:0,no_reprint:1,open_elec:0};
  const r=await fetch(P+'/x/vu/web/add/v3?csrf='+csrf()+'&t='+Date.now(),{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)});
  const b=await r.json().catch(()=>({}));
  if(b.code===-101){location.href=P+'/passport/login';return;}
  if(b.code!==0){err.textContent=b.message||'投稿失败';return;}
  location.href=P+'/platform/upload-manager/article';
};`;
