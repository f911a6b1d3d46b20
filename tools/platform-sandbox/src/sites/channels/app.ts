import type { WorkView } from '../../pages.ts';
import type { SiteContext } from '../site.ts';
import { CHANNELS_INBOX_PATHS, exportIdOf } from './inbox.ts';
import { esc, hashed, WEUI_CSS } from './style.ts';

/** The works-list API the list page calls (research/connectors.md §4: items carry objectId). */
export const POST_LIST_PATH = '/cgi-bin/mmfinderassistant-bin/post/post_list';
/** Where the create form's micro-app (its wujie JavaScript sandbox iframe) is served from. */
export const MICRO_APP_PATH = '/micro/content/post/create';
/** How long a logged-out shell stays up before its script sends it to login.html (SAU waits 8 s). */
export const LOGIN_REDIRECT_MS = 2_000;

/** The post_list API's `status` per review state (the list page draws the text from it). */
export const POST_STATUS: Record<string, number> = { 已发布: 1, 审核中: 2, 未通过: 3, 定时发布: 4 };

/**
 * One post_list item, shaped like the real API's (objectId and exportId, createTime in seconds,
 * desc.shortTitle, desc.media); `commentCount` (comments and replies) is asked for by
 * needAllCommentCount (research §4; the field's name is our assumption, beside readCount and likeCount).
 */
export function postListItem(w: WorkView, commentCount = 0) {
  return {
    objectId: w.id,
    exportId: exportIdOf(w.id),
    objectNonceId: `${w.id.slice(-8)}_0_0_0_0_0`,
    createTime: Math.floor(w.createdAt / 1000),
    status: POST_STATUS[w.status] ?? 2,
    visibleType: 1,
    readCount: 0,
    likeCount: 0,
    commentCount,
    desc: {
      description: w.title,
      shortTitle: [{ shortTitle: w.title }],
      media: [{ videoPlayLen: w.durationSec, mediaType: 4 }],
    },
  };
}

/**
 * The post_list answer: the account's works as the platform shows them now (each read ages them), newest
 * first, the page `currentPage` (from 1) of `pageSize` (research §4's body fields), with totalCount.
 */
export function postListAnswer(ctx: SiteContext) {
  const all = ctx.works();
  const size = Math.min(100, Math.max(1, Math.floor(Number(ctx.body?.pageSize ?? 20)) || 20));
  const at = Math.max(1, Math.floor(Number(ctx.body?.currentPage ?? 1)) || 1);
  const list = all.slice((at - 1) * size, at * size).map((w) => postListItem(w, ctx.comments(w.id)));
  return { errCode: 0, errMsg: 'ok', data: { list, totalCount: all.length, lastBuff: '' } };
}

/**
 * The single-page app served at every /platform path, signed in or not. Its script asks the session
 * first: logged out, it stays a blank shell and goes to login.html late (the real JS redirect). Signed in,
 * /platform shows 发表视频 (client-side navigation to /platform/post/create, which mounts the wujie
 * micro-app); /platform/post/create opened directly bounces to /platform with no form; /platform/post/list
 * draws the works list from the post_list API.
 */
export function channelsApp(ctx: SiteContext): string {
  const newBuild = ctx.switches.channelsNewBuild;
  const config = {
    prefix: ctx.prefix,
    redirectMs: LOGIN_REDIRECT_MS,
    listApi: ctx.prefix + POST_LIST_PATH,
    microApp: ctx.prefix + MICRO_APP_PATH,
    inboxApps: {
      '/platform/interaction/comment': ctx.prefix + CHANNELS_INBOX_PATHS.commentApp,
      '/platform/private_msg': ctx.prefix + CHANNELS_INBOX_PATHS.messageApp,
    } as Record<string, string>,
    feedItem: hashed('post-feed-item', newBuild),
    layout: hashed('finder-layout', newBuild),
  };
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>视频号助手</title><style>${WEUI_CSS}
.weui-desktop-layout{display:flex;min-height:100vh}
.weui-desktop-layout__side{width:200px;background:#fff;padding:24px 0}
.weui-desktop-layout__side a{display:block;padding:10px 24px;color:#1a1a1a;text-decoration:none}
.weui-desktop-layout__main{flex:1;padding:24px}
.finder-header{display:flex;justify-content:space-between;margin-bottom:16px}
.post-list-wrap{background:#fff;border-radius:8px;padding:16px}
.post-cover{width:60px;height:80px;background:#ddd}
.post-feed-row{display:flex;gap:16px;padding:12px 0;border-bottom:1px solid #eee}
</style></head><body>
<div class="weui-desktop-layout ${config.layout}" hidden>
<div class="weui-desktop-layout__side"><div class="finder-logo">视频号助手</div>
<a class="menu-item" href="${esc(ctx.prefix)}/platform" data-route="/platform">首页</a>
<a class="menu-item" href="${esc(ctx.prefix)}/platform/post/list" data-route="/platform/post/list">内容管理</a>
<a class="menu-item" href="${esc(ctx.prefix)}/platform/interaction/comment" data-route="/platform/interaction/comment">评论管理</a>
<a class="menu-item" href="${esc(ctx.prefix)}/platform/private_msg" data-route="/platform/private_msg">私信</a></div>
<div class="weui-desktop-layout__main"><div class="finder-header"><span class="finder-nickname"></span></div>
<div id="container-wrap"></div></div></div>
<script>
const C=${JSON.stringify(config)};
const P=(p)=>C.prefix+p;
const $=(s)=>document.querySelector(s);
let inApp=false;
function unmount(){document.querySelectorAll('wujie-app,iframe[data-wujie-id]').forEach((e)=>e.remove());}
function go(path){inApp=true;history.pushState({},'',P(path));route();}
function home(){
  unmount();
  $('#container-wrap').innerHTML='<div class="home-wrap"><div class="post-entry-card"><div class="title-name">发表你的第一个视频</div>'+
    '<button type="button" class="weui-desktop-btn weui-desktop-btn_primary">发表视频</button></div></div>';
  $('.post-entry-card button').onclick=()=>go('/platform/post/create');
}
function create(){
  unmount();
  $('#container-wrap').innerHTML='';
  const host=document.createElement('wujie-app');host.className='wujie_iframe';host.attachShadow({mode:'open'});
  $('#container-wrap').appendChild(host);
  const sandbox=document.createElement('iframe');sandbox.dataset.wujieId='post-create';sandbox.name='wujie-post-create';
  sandbox.src=C.microApp;sandbox.style.display='none';document.body.appendChild(sandbox);
}
// 评论管理 and 私信 are micro-apps drawn in an iframe of the page.
function inboxApp(src){
  unmount();
  $('#container-wrap').innerHTML='';
  const f=document.createElement('iframe');f.className='micro-app-frame';f.src=src;f.style.cssText='width:100%;height:700px;border:0';
  $('#container-wrap').appendChild(f);
}
const pad=(n)=>String(n).padStart(2,'0');
function when(s){const d=new Date(s*1000);return d.getFullYear()+'-'+pad(d.getMonth()+1)+'-'+pad(d.getDate())+' '+pad(d.getHours())+':'+pad(d.getMinutes());}
const STATUS={1:'已发布',2:'审核中',3:'未通过',4:'定时发布'};
async function list(){
  unmount();
  $('#container-wrap').innerHTML='<div class="post-list-wrap"><div class="post-list-hd">视频</div><div class="post-feed-list">加载中</div></div>';
  const r=await fetch(C.listApi,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({pageSize:20,currentPage:1,userpageType:11})});
  if(r.status===401){location.href=P('/login.html');return;}
  const b=await r.json();const items=(b.data&&b.data.list)||[];
  $('.post-feed-list').innerHTML=items.length?'':'<div class="empty-tip">暂无内容</div>';
  for(const it of items){
    const row=document.createElement('div');row.className='post-feed-row '+C.feedItem;
    const len=it.desc.media[0]&&it.desc.media[0].videoPlayLen;
    row.innerHTML='<div class="post-cover"></div><div class="post-info"><div class="post-title"></div><div class="post-time"></div>'+
      (len?'<div class="post-duration">'+Math.floor(len/60)+':'+pad(len%60)+'</div>':'')+'<div class="post-status"></div></div>';
    row.querySelector('.post-title').textContent=it.desc.shortTitle[0]?it.desc.shortTitle[0].shortTitle:it.desc.description;
    row.querySelector('.post-time').textContent=when(it.createTime);
    row.querySelector('.post-status').textContent=STATUS[it.status]||'审核中';
    $('.post-feed-list').appendChild(row);
  }
}
function route(){
  const path=location.pathname.slice(C.prefix.length);
  if(path==='/platform/post/create'){
    // Opened directly (not through 发表视频) the form never mounts: back to /platform.
    if(!inApp){history.replaceState({},'',P('/platform'));return home();}
    return create();
  }
  if(path==='/platform/post/list'){return list();}
  if(C.inboxApps[path]){return inboxApp(C.inboxApps[path]);}
  return home();
}
document.querySelectorAll('.menu-item').forEach((a)=>{a.onclick=(e)=>{e.preventDefault();go(a.dataset.route);};});
window.onpopstate=()=>route();
fetch(P('/api/auth')).then(async(r)=>{
  if(r.status===401){setTimeout(()=>{location.href=P('/login.html');},C.redirectMs);return;}
  const me=await r.json();$('.finder-nickname').textContent=me.user;$('.weui-desktop-layout').hidden=false;route();
});
</script></body></html>`;
}
