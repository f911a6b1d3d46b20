import type { IncomingMessage, ServerResponse } from 'node:http';
import { faultyWrite, redirect, sessionUser } from '../../inbox/common.ts';
import type { InboxMessage } from '../../inbox/inbox.ts';
import { readJson } from '../../http.ts';
import type { SiteCore } from '../site.ts';

/**
 * 专业号 private messages on pro.xiaohongshu.com (research/leads.md §3): the customer-service workbench
 * at /im/multiCustomerService (its DOM as XHS-YYDS drives it: `.sx-contact-item` with a `[未回复]` tag,
 * `.im-msg-item` `.left`/`.right`, `#jarvis-reply-textarea`, `.send_btn`) and the send call
 * `eros/pm/chat/message/send` {receiver_id, content_type:"TEXT", content}. The two list calls the page
 * reads from are **our assumption** (the research names only the send path; they sit beside it).
 */
export const XHS_PRO_PATHS = {
  workbench: '/im/multiCustomerService',
  contacts: '/api/eros/pm/chat/contact/list',
  messages: '/api/eros/pm/chat/message/list',
  send: '/api/eros/pm/chat/message/send',
} as const;

const PAGE = 20;
/** A user report (ReaJason/xhs #112): "一天只能发三个" — our reading: three messages a day to one person. */
const DAILY_PER_RECEIVER = 3;
/** The longest message, UTF-16 units (a tool's cap on www DMs, autoclaw PR #98). */
const MAX_CONTENT = 1000;

const ok = (data: unknown) => ({ code: 0, success: true, msg: '成功', data });
const fail = (code: number, msg: string) => ({ code, success: false, msg, data: {} });

/** The Beijing calendar day of an epoch-ms time. */
const beijingDay = (ms: number) => Math.floor((ms + 8 * 3600_000) / 86_400_000);

function messageOf(self: string, m: InboxMessage) {
  return {
    message_id: m.id,
    sender_id: m.fromSelf ? self : m.peer.id,
    receiver_id: m.fromSelf ? m.peer.id : self,
    content: m.text,
    content_type: 'TEXT',
    create_time: m.createdAt,
  };
}

/** The workbench: its script lists contacts, opens one, and sends from the reply box. */
function workbench(prefix: string): string {
  const config = { prefix, paths: XHS_PRO_PATHS };
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>私信通 - 小红书专业号</title><style>
body{font-family:"WenQuanYi Micro Hei",sans-serif;margin:0;display:flex;height:100vh}
.chat-list-box{width:300px;border-right:1px solid #eee;overflow:auto}.sx-contact-item{padding:12px;border-bottom:1px solid #f3f3f3;cursor:pointer}
.nick-name{font-weight:bold}.chat-main{flex:1;display:flex;flex-direction:column}.im-msg-list{flex:1;overflow:auto;padding:12px}
.im-msg-item{margin:6px 0}.im-msg-item.right{text-align:right}.d-toast{color:#c00}
</style></head><body>
<div class="chat-list-box"><div class="vue-recycle-scroller ready direction-vertical"></div></div>
<div class="chat-main"><div class="im-msg-list"></div><div class="reply-area"><textarea id="jarvis-reply-textarea"></textarea>
<button type="button" class="send_btn">发送</button><div class="d-toast"></div></div></div>
<script>
(() => {
const C=${JSON.stringify(config)};
const $=(s)=>document.querySelector(s);
let current='';
async function get(path,q){const r=await fetch(C.prefix+path+'?'+new URLSearchParams(q));return r.json();}
function text(cls,t){const e=document.createElement('span');e.className=cls;e.textContent=t;return e;}
async function contacts(){
  const a=await get(C.paths.contacts,{cursor:'',num:'20'});
  if(a.code!==0){$('.d-toast').textContent=a.msg;return;}
  const list=$('.vue-recycle-scroller');list.innerHTML='';
  for(const c of a.data.contacts){
    const el=document.createElement('div');el.className='sx-contact-item';el.dataset.userId=c.user_id;
    el.append(text('d-text nick-name',c.nickname),text('d-text content',c.last_message));
    if(c.unreplied){el.append(text('d-text --color-static --color-danger --size-text-small','[未回复]'));}
    el.onclick=()=>open(c.user_id);list.appendChild(el);
  }
}
async function open(id){
  current=id;const a=await get(C.paths.messages,{user_id:id,cursor:'',num:'20'});
  if(a.code!==0){$('.d-toast').textContent=a.msg;return;}
  const box=$('.im-msg-list');box.innerHTML='';
  for(const m of a.data.messages.slice().reverse()){
    const row=document.createElement('div');row.className='im-msg-item '+(m.sender_id===id?'left':'right');
    row.dataset.msgType='TEXT';row.append(text('text-message',m.content));box.appendChild(row);
  }
}
$('.send_btn').onclick=async()=>{
  const content=$('#jarvis-reply-textarea').value.trim();if(!current||!content){return;}
  const r=await fetch(C.prefix+C.paths.send,{method:'POST',headers:{'content-type':'application/json'},
    body:JSON.stringify({receiver_id:current,content_type:'TEXT',content})});
  const a=await r.json();
  if(a.code!==0){$('.d-toast').textContent=a.msg;return;}
  $('#jarvis-reply-textarea').value='';await open(current);await contacts();
};
void contacts();
})();
</script></body></html>`;
}

/** The workbench and its calls (pro.xiaohongshu.com under /xiaohongshu). */
export function xiaohongshuProIm(core: SiteCore) {
  const P = XHS_PRO_PATHS;
  return async (req: IncomingMessage, res: ServerResponse, url: URL, path: string): Promise<boolean> => {
    const user = sessionUser(core, req);
    if (req.method === 'GET' && path === P.workbench) {
      if (!user) {
        return redirect(core, res, '/xiaohongshu/login');
      }
      core.send(res, 200, workbench('/xiaohongshu'));
      return true;
    }
    const known =
      (req.method === 'GET' && (path === P.contacts || path === P.messages)) ||
      (req.method === 'POST' && path === P.send);
    if (!known) {
      return false;
    }
    const json = (body: unknown, status = 200) => {
      core.send(res, status, body);
      return true;
    };
    if (!user) {
      return json(fail(-100, '登录已过期'));
    }
    const risk = core.switches().inboxRisk;
    if (risk === 'rate_limit') {
      return json(fail(429, '请求太频繁，请稍后再试'), 429);
    }
    if (risk === 'verify') {
      return json(fail(461, '需要验证'), 461);
    }
    if (risk === 'blocked') {
      return json(fail(300012, '网络异常，请检查网络后重试'));
    }
    const self = core.inbox.self(core.platform, user).id;
    const conversations = core.inbox.conversations(core.platform, user);
    const cursorOf = (all: { id: string }[]) => {
      const cursor = url.searchParams.get('cursor') ?? '';
      return cursor ? all.findIndex((x) => x.id === cursor) + 1 : 0;
    };
    if (path === P.contacts) {
      const rows = conversations.map((c) => ({ id: c.peer.id, c }));
      const from = cursorOf(rows);
      const page = rows.slice(from, from + PAGE);
      const more = from + PAGE < rows.length;
      return json(
        ok({
          contacts: page.map(({ c }) => ({
            user_id: c.peer.id,
            nickname: c.peer.name,
            last_message: c.messages.at(-1)?.text ?? '',
            last_time: c.messages.at(-1)?.createdAt ?? 0,
            unreplied: c.messages.at(-1)?.fromSelf === false,
          })),
          cursor: more ? (page.at(-1)?.id ?? '') : '',
          has_more: more,
        }),
      );
    }
    if (path === P.messages) {
      const peer = url.searchParams.get('user_id') ?? '';
      const all = (conversations.find((c) => c.peer.id === peer)?.messages ?? []).slice().reverse();
      const num = Math.min(PAGE, Math.max(1, Number(url.searchParams.get('num') ?? PAGE) || PAGE));
      const from = cursorOf(all);
      const page = all.slice(from, from + num);
      const more = from + num < all.length;
      return json(
        ok({
          messages: page.map((m) => messageOf(self, m)),
          cursor: more ? (page.at(-1)?.id ?? '') : '',
          has_more: more,
        }),
      );
    }
    const b = await readJson(req);
    const receiver = typeof b.receiver_id === 'string' ? b.receiver_id : '';
    const content = typeof b.content === 'string' ? b.content.trim() : '';
    const peer =
      conversations.find((c) => c.peer.id === receiver)?.peer ?? core.inbox.personById(core.platform, user, receiver);
    if (!peer || b.content_type !== 'TEXT' || !content) {
      return json(fail(-1, peer ? '消息内容不能为空' : '用户不存在'));
    }
    if (content.length > MAX_CONTENT) {
      return json(fail(-1, '消息内容过长'));
    }
    const today = beijingDay(Date.now());
    const sentToday = core.inbox
      .thread(core.platform, user, peer.id)
      .filter((m) => m.fromSelf && beijingDay(m.createdAt) === today).length;
    if (sentToday >= DAILY_PER_RECEIVER) {
      return json(fail(-9101, '一天只能发三条消息，请明天再试'));
    }
    return faultyWrite(
      core,
      req,
      res,
      () => {
        const m = core.inbox.addMessage({
          platform: core.platform,
          account: user,
          peer,
          fromSelf: true,
          text: content,
          createdAt: Date.now(),
        });
        core.inbox.record({
          platform: core.platform,
          account: user,
          kind: 'message',
          id: m.id,
          target: peer.id,
          workId: '',
          text: content,
          clientId: '',
        });
        return m;
      },
      (m) => ({ status: 200, body: ok({ message_id: m.id, create_time: m.createdAt }) }),
    );
  };
}
