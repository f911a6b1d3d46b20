import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cookieOf, faultyWrite, redirect, sessionUser } from '../../inbox/common.ts';
import { ID_SHAPES, type InboxComment } from '../../inbox/inbox.ts';
import { readBody } from '../../http.ts';
import { SKINS } from '../../skins.ts';
import type { Work } from '../../state.ts';
import type { SiteCore } from '../site.ts';

/**
 * cp.kuaishou.com's comment management (research/leads.md §2: ATE's `/rest/cp/creator/comment/*` calls;
 * the page's URL and DOM from the code index, e.g. a crawler design's `.comment__header__video-btn`,
 * `.auto-load-list`, `.comment-item`, `展开查看N条回复`). Every call carries the `kuaishou.web.cp.api_ph`
 * cookie in its body and `?__NS_sig3=` from the page's own signer; without them the answer is result ≠ 1.
 */
export const KUAISHOU_COMMENT_PATHS = {
  page: '/article/comment',
  photoList: '/rest/cp/creator/comment/photoList',
  commentList: '/rest/cp/creator/comment/commentList',
  subCommentList: '/rest/cp/creator/comment/subCommentList',
  add: '/rest/cp/creator/comment/add',
} as const;

/** The cookie whose value every body carries. */
export const API_PH = 'kuaishou.web.cp.api_ph';
const PAGE = 10;
/** pcursor when there is nothing more (our assumption: the research says only that it is a number). */
const NO_MORE = -1;

/** The account's own numeric id (its `userId` cookie, the authorId of its own comments). */
export const ownIdOf = (user: string) => ID_SHAPES.kuaishou.self?.(user) ?? ID_SHAPES.kuaishou.person(`self:${user}`);

/** The api_ph cookie a session gets. */
export const apiPhOf = (session: string) => createHash('sha256').update(`api_ph:${session}`).digest('hex').slice(0, 32);

const sign = (secret: string, path: string, body: string) =>
  createHash('sha256').update(`${secret}\n${path}\n${body}`).digest('hex');

/** A Kuaishou envelope: result 1 is success. Codes other than 1 are our assumption (the research names none). */
const refused = (result: number, error_msg: string) => ({ result, error_msg, host_name: 'sandbox' });

function riskAnswer(core: SiteCore) {
  switch (core.switches().inboxRisk) {
    case 'rate_limit':
      return refused(2, '操作过于频繁，请稍后再试');
    case 'verify':
      return refused(400002, '请完成安全验证');
    case 'blocked':
      return refused(2, '账号存在异常，暂时无法操作');
    case null:
      return undefined;
  }
}

/** One comment as commentList gives it: commentId a number, timestamp in ms. */
function item(core: SiteCore, c: InboxComment) {
  const parent = c.parentId ? core.inbox.comment(core.platform, c.account, c.parentId) : undefined;
  return {
    commentId: Number(c.id),
    authorId: Number(c.author.id),
    authorName: c.author.name,
    headurl: '',
    content: c.text,
    timestamp: c.createdAt,
    replyTo: parent ? Number(parent.author.id) : 0,
    replyToUserName: parent?.author.name ?? '',
    replyToCommentId: parent ? Number(parent.id) : 0,
    subCommentCount: c.parentId
      ? 0
      : core.inbox.commentsOf(core.platform, c.account).filter((r) => r.rootId === c.id).length,
    likedCount: 0,
  };
}

/** The comment page: 选择视频 opens a drawer of works; the list loads pages as its end comes into view. */
function commentPage(prefix: string, secret: string): string {
  const config = { prefix, secret, paths: KUAISHOU_COMMENT_PATHS, apiPh: API_PH, noMore: NO_MORE };
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>评论管理 - 快手创作者服务平台</title><style>
body{font-family:"WenQuanYi Micro Hei",sans-serif;margin:0;padding:24px;color:#222}
.drawer{position:fixed;top:0;right:0;bottom:0;width:360px;background:#fff;box-shadow:-2px 0 8px rgba(0,0,0,.15);overflow:auto;display:none}
.drawer.open{display:block}.video-item{padding:12px;border-bottom:1px solid #eee;cursor:pointer}
.comment-item{padding:12px 0;border-bottom:1px solid #eee}.comment-item__author{font-weight:bold;margin-right:8px}
.comment-sub-item{margin-left:24px;padding:6px 0}.comment-reply-box[hidden]{display:none}
.auto-load-list__sentinel{height:24px;color:#999}.ant-message-error{color:#c00}
</style></head><body>
<div class="comment"><div class="comment__header"><span class="comment__header__title"></span>
<button type="button" class="comment__header__video-btn">选择视频</button></div>
<div class="comment__content"><div class="comment-list"><div class="auto-load-list"></div>
<div class="auto-load-list__sentinel">加载中</div></div></div></div>
<div class="drawer video-list"><div class="drawer__content"></div><div class="drawer__sentinel">加载中</div></div>
<div class="ant-message"></div>
<script>
(() => {
const C=${JSON.stringify(config)};
// The page's own signer (on the real site an obfuscated module, not reachable from outside).
const hex=(b)=>[...new Uint8Array(b)].map((x)=>x.toString(16).padStart(2,'0')).join('');
const sig3=async(path,body)=>hex(await crypto.subtle.digest('SHA-256',new TextEncoder().encode(C.secret+'\\n'+path+'\\n'+body)));
const cookie=(n)=>{const m=document.cookie.split('; ').find((c)=>c.startsWith(n+'='));return m?m.slice(n.length+1):'';};
async function api(path,payload){
  const url=C.prefix+path;const body=JSON.stringify({...payload,[C.apiPh]:cookie(C.apiPh)});
  const r=await fetch(url+'?__NS_sig3='+await sig3(url,body),{method:'POST',headers:{'content-type':'application/json'},body});
  return r.json();
}
const $=(s)=>document.querySelector(s);
const toast=(t)=>{const e=document.createElement('div');e.className='ant-message-error';e.textContent=t;$('.ant-message').appendChild(e);setTimeout(()=>e.remove(),5000);};
let photo='',pcursor='',loading=false;
function subItem(c,subs){const d=document.createElement('div');d.className='comment-sub-item';d.dataset.commentId=String(c.commentId);
  const a=document.createElement('span');a.className='comment-item__author';a.textContent=c.authorName;
  const t=document.createElement('span');t.className='comment-item__text';t.textContent=c.content;d.append(a,t);
  if(c.authorId!==undefined){d.append(replyBox(c,subs));}
  return d;}
// 回复 opens a box under the comment; 发送 posts comment/add and shows the reply in the thread.
function replyBox(c,subs){
  const wrap=document.createElement('span');
  wrap.innerHTML='<span class="comment-item__reply-btn">回复</span><div class="comment-reply-box" hidden><textarea placeholder="回复评论"></textarea><button type="button" class="comment-reply-box__submit">发送</button></div>';
  const box=wrap.querySelector('.comment-reply-box');
  wrap.querySelector('.comment-item__reply-btn').onclick=()=>{box.hidden=false;box.querySelector('textarea').focus();};
  box.querySelector('button').onclick=async()=>{
    const text=box.querySelector('textarea').value.trim();if(!text){return;}
    const a=await api(C.paths.add,{content:text,photoId:photo,replyToCommentId:c.commentId,replyTo:c.authorId});
    if(a.result!==1){toast(a.error_msg);return;}
    box.querySelector('textarea').value='';box.hidden=true;subs.appendChild(subItem({commentId:a.data.commentId,authorName:'我',content:text},subs));
  };
  return wrap;
}
function row(c){
  const el=document.createElement('div');el.className='comment-item';el.dataset.commentId=String(c.commentId);
  el.innerHTML='<div class="comment-item__content"><span class="comment-item__author"></span><span class="comment-item__text"></span>'+
    '<span class="comment-item__actions"></span><div class="comment-item__content__sub-comments"></div></div>';
  el.querySelector('.comment-item__author').textContent=c.authorName;
  el.querySelector('.comment-item__text').textContent=c.content;
  const subs=el.querySelector('.comment-item__content__sub-comments');
  if(c.subCommentCount>0){
    const b=document.createElement('span');b.className='comment-item__content__expand-btn';b.textContent='展开查看'+c.subCommentCount+'条回复';
    b.onclick=async()=>{if(b.textContent==='收起回复'){subs.innerHTML='';b.textContent='展开查看'+c.subCommentCount+'条回复';return;}
      const a=await api(C.paths.subCommentList,{commentId:c.commentId,photoId:photo});
      if(a.result!==1){toast(a.error_msg);return;}subs.innerHTML='';for(const s of a.data.list){subs.appendChild(subItem(s,subs));}b.textContent='收起回复';};
    el.querySelector('.comment-item__content').insertBefore(b,subs);
  }
  el.querySelector('.comment-item__actions').appendChild(replyBox(c,subs));
  return el;
}
async function more(){
  if(loading||!photo||pcursor===C.noMore){return;}
  loading=true;
  try{
    const a=await api(C.paths.commentList,{photoId:photo,sortType:'',selectedComment:false,pcursor});
    if(a.result!==1){toast(a.error_msg);$('.auto-load-list__sentinel').textContent=a.error_msg;return;}
    for(const c of a.data.list){$('.auto-load-list').appendChild(row(c));}
    pcursor=a.data.pcursor;
    $('.auto-load-list__sentinel').textContent=pcursor===C.noMore?'没有更多了':'加载中';
  }finally{loading=false;}
  if(pcursor!==C.noMore&&visible()){void more();}
}
function visible(){const r=$('.auto-load-list__sentinel').getBoundingClientRect();return r.top<innerHeight&&r.bottom>0;}
function choose(p){photo=p.photoId;pcursor='';$('.auto-load-list').innerHTML='';$('.comment__header__title').textContent=p.title;
  $('.drawer').classList.remove('open');void more();}
let photoCursor='',photosLoading=false;
async function photos(){
  if(photosLoading||photoCursor===C.noMore){return;}
  photosLoading=true;
  const first=photoCursor==='';
  try{
    const a=await api(C.paths.photoList,{pcursor:photoCursor});
    if(a.result!==1){toast(a.error_msg);$('.auto-load-list__sentinel').textContent=a.error_msg;return;}
    const list=$('.drawer__content');
    for(const p of a.data.list){const d=document.createElement('div');d.className='video-item';d.dataset.photoId=p.photoId;d.textContent=p.title;d.onclick=()=>choose(p);list.appendChild(d);}
    photoCursor=a.data.pcursor;
    $('.drawer__sentinel').textContent=photoCursor===C.noMore?'没有更多了':'加载中';
    if(first){if(a.data.list[0]){choose(a.data.list[0]);}else{$('.auto-load-list__sentinel').textContent='暂无评论';}}
  }finally{photosLoading=false;}
  if(!first&&photoCursor!==C.noMore&&$('.drawer').classList.contains('open')&&inView($('.drawer__sentinel'))){void photos();}
}
function inView(e){const r=e.getBoundingClientRect();return r.top<innerHeight&&r.bottom>0;}
$('.comment__header__video-btn').onclick=()=>$('.drawer').classList.add('open');
new IntersectionObserver((e)=>{if(e.some((x)=>x.isIntersecting)){void more();}}).observe($('.auto-load-list__sentinel'));
// The drawer loads the next page of works as its end comes into view (our assumption, as the comment list does).
new IntersectionObserver((e)=>{if(photoCursor!==''&&e.some((x)=>x.isIntersecting)){void photos();}}).observe($('.drawer__sentinel'));
void photos();
})();
</script></body></html>`;
}

/** The page and its API (cp.kuaishou.com under /kuaishou). */
export function kuaishouComments(core: SiteCore) {
  const secret = randomBytes(16).toString('hex');
  const P = KUAISHOU_COMMENT_PATHS;
  const apis = [P.photoList, P.commentList, P.subCommentList, P.add] as string[];
  return async (req: IncomingMessage, res: ServerResponse, url: URL, path: string): Promise<boolean> => {
    const user = sessionUser(core, req);
    if (req.method === 'GET' && path === P.page) {
      if (!user) {
        const skin = SKINS.kuaishou;
        const back = `/kuaishou/rest/infra/sts?followUrl=${encodeURIComponent(`/kuaishou${P.page}`)}&setRootDomain=true`;
        return redirect(
          core,
          res,
          `/kuaishou${skin.loginPath}?sid=kuaishou.web.cp.api&callback=${encodeURIComponent(back)}`,
        );
      }
      core.send(res, 200, commentPage('/kuaishou', secret));
      return true;
    }
    if (req.method !== 'POST' || !apis.includes(path)) {
      return false;
    }
    const json = (body: unknown) => {
      core.send(res, 200, body);
      return true;
    };
    const raw = (await readBody(req)).toString('utf8');
    let b: Record<string, unknown> = {};
    try {
      b = JSON.parse(raw || '{}') as Record<string, unknown>;
    } catch {
      b = {};
    }
    const session = cookieOf(req, 'sessionid') ?? '';
    if (!user) {
      return json(refused(109, '登录已过期，请重新登录'));
    }
    if (b[API_PH] !== apiPhOf(session)) {
      return json(refused(109, '缺少登录凭证'));
    }
    if (url.searchParams.get('__NS_sig3') !== sign(secret, `/kuaishou${path}`, raw)) {
      return json(refused(50, '签名校验失败'));
    }
    const risk = riskAnswer(core);
    if (risk) {
      return json(risk);
    }
    const works = core.worksOf(user);
    const photoOf = (id: unknown): Work | undefined => works.find((w) => w.id === id);
    const idOf = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? String(v) : '');
    if (path === P.photoList) {
      // Newest first, a page at a time by a numeric pcursor (research §2 gives `{pcursor}`; the page size is ours).
      const all = works.slice().reverse();
      const from = typeof b.pcursor === 'number' && b.pcursor > 0 ? b.pcursor : 0;
      const list = all.slice(from, from + PAGE).map((w) => ({
        photoId: w.id,
        title: w.title,
        publishTime: w.createdAt,
        commentCount: core.inbox.commentsOf(core.platform, user, w.id).length,
      }));
      const next = from + PAGE < all.length ? from + PAGE : NO_MORE;
      return json({ result: 1, message: '成功', data: { pcursor: next, list } });
    }
    const work = photoOf(b.photoId);
    if (!work) {
      return json(refused(2, '作品不存在'));
    }
    if (path === P.commentList) {
      const all = core.inbox.commentsOf(core.platform, user, work.id).filter((c) => !c.parentId);
      const from = typeof b.pcursor === 'number' && b.pcursor > 0 ? b.pcursor : 0;
      const list = all.slice(from, from + PAGE).map((c) => item(core, c));
      const next = from + PAGE < all.length ? from + PAGE : NO_MORE;
      return json({ result: 1, message: '成功', data: { pcursor: next, list } });
    }
    if (path === P.subCommentList) {
      const root = idOf(b.commentId);
      const list = core.inbox
        .commentsOf(core.platform, user, work.id)
        .filter((c) => c.rootId === root)
        .reverse()
        .map((c) => item(core, c));
      return json({ result: 1, message: '成功', data: { list } });
    }
    const content = typeof b.content === 'string' ? b.content.trim() : '';
    const target = core.inbox.comment(core.platform, user, idOf(b.replyToCommentId));
    if (!content || (b.replyToCommentId && (!target || target.workId !== work.id))) {
      return json(refused(2, content ? '评论不存在' : '评论内容不能为空'));
    }
    return faultyWrite(
      core,
      req,
      res,
      () => {
        const c = core.inbox.addComment({
          platform: core.platform,
          account: user,
          workId: work.id,
          parentId: target?.id ?? '',
          rootId: target ? target.rootId || target.id : '',
          author: core.inbox.self(core.platform, user),
          fromSelf: true,
          text: content,
          createdAt: Date.now(),
        });
        core.inbox.record({
          platform: core.platform,
          account: user,
          kind: 'comment_reply',
          id: c.id,
          target: target?.id ?? '',
          workId: work.id,
          text: content,
          clientId: '',
        });
        return c;
      },
      (c) => ({ status: 200, body: { result: 1, message: '成功', data: { commentId: Number(c.id) } } }),
    );
  };
}
