import type { WorkView } from '../../pages.ts';
import type { SiteContext } from '../site.ts';
import { layout } from './build.ts';

/** Tabs of the note manager and the review states each lists (0: all). */
const TABS: [string, string[]][] = [
  ['全部', []],
  ['已发布', ['已发布']],
  ['审核中', ['审核中']],
  ['未通过', ['未通过']],
];

/** A review's rejection reason as the audit dialog states it. */
const REJECT_REASON = '笔记内容涉嫌违反社区规范，请修改后重新发布';

/** A note as the list API answers it (`/api/galaxy/v2/creator/note/user/posted`). */
interface PostedNote {
  id: string;
  display_title: string;
  type: 'video';
  status_text: string;
  /** Beijing time, minutes: 2026-11-27 15:42 (what the card shows). */
  time: string;
  /** Seconds; 0 when unknown. */
  duration: number;
  audit_reason: string;
}

function beijing(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

function toNote(w: WorkView): PostedNote {
  return {
    id: w.id,
    display_title: w.title,
    type: 'video',
    status_text: w.status,
    time: beijing(w.createdAt),
    duration: Math.round(w.durationSec || 0),
    audit_reason: w.status === '未通过' ? REJECT_REASON : '',
  };
}

/**
 * Notes a page of the list holds. Our assumption: the research gives only `?tab=&page=` (IDX); a page
 * number from 0, and `page` in the answer the next one to ask for, −1 after the last.
 */
const NOTES_PAGE = 10;

/** The list API: one read of the works (each read ages them), filtered by the tab, newest first, a page at a time. */
export function postedNotes(ctx: SiteContext): unknown {
  const tab = Number(ctx.url.searchParams.get('tab') ?? 0);
  const at = Math.max(0, Math.floor(Number(ctx.url.searchParams.get('page') ?? 0)) || 0);
  const states = TABS[tab]?.[1] ?? [];
  const all = ctx
    .works()
    .filter((w) => states.length === 0 || states.includes(w.status))
    .map(toNote);
  const notes = all.slice(at * NOTES_PAGE, (at + 1) * NOTES_PAGE);
  const page = (at + 1) * NOTES_PAGE < all.length ? at + 1 : -1;
  return {
    code: 0,
    success: true,
    msg: '成功',
    data: { notes, page, tags: TABS.map(([name], id) => ({ id, name })) },
  };
}

/**
 * /new/note-manager?source=official: the tabs, then the cards the page draws from the list API: each
 * `.note-card` carries its hex noteId in the `data-impression` JSON; a rejected note's reason opens in
 * `.audit-modal`.
 */
export function xhsNoteManager(ctx: SiteContext): string {
  const tabs = TABS.map(
    ([name], i) => `<div class="tab-item${i === 0 ? ' active' : ''}" data-tab="${i}">${name}</div>`,
  ).join('');
  const body = `<div class="note-manager"><div class="tabs">${tabs}</div><div class="note-list"><div class="loading">加载中…</div></div></div>
<div class="d-modal-mask audit-modal" hidden><div class="d-modal"><div class="d-modal-title">未通过原因</div><p class="audit-reason"></p><div class="d-modal-footer"><button type="button" class="d-button d-button-primary audit-close">我知道了</button></div></div></div>`;
  const script = `
const P=${JSON.stringify(ctx.prefix)};const $=(s)=>document.querySelector(s);
const esc=(s)=>String(s).replace(/[&<>"']/g,(c)=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'})[c]);
const mmss=(s)=>String(Math.floor(s/60)).padStart(2,'0')+':'+String(s%60).padStart(2,'0');
const cn=(t)=>t.replace(/^(\\d{4})-(\\d{2})-(\\d{2}) /,'$1年$2月$3日 ');
async function load(tab){
  $('.note-list').innerHTML='<div class="loading">加载中…</div>';
  const r=await fetch(P+'/api/galaxy/v2/creator/note/user/posted?tab='+tab+'&page=0');
  if(r.status===401){location.href=P+'/login';return;}
  const b=await r.json();const notes=b.data.notes;
  $('.note-list').innerHTML=notes.length?notes.map((n)=>{
    const impression=JSON.stringify({noteTarget:{type:'NoteImpressionTarget',value:{noteId:n.id,type:n.type}}});
    return '<div class="note-card" data-impression="'+esc(impression)+'"><div class="note-card__cover">'+(n.duration?'<span class="note-card__duration">'+mmss(n.duration)+'</span>':'')+'</div>'
      +'<div class="note-card__content"><div class="note-card__title">'+esc(n.display_title)+'</div><div class="note-card__time">发布于 '+cn(n.time)+'</div>'
      +'<div class="note-card__status"><span class="d-tag">'+esc(n.status_text)+'</span></div>'
      +(n.audit_reason?'<span class="audit-entry" data-reason="'+esc(n.audit_reason)+'">查看原因</span>':'')+'</div></div>';
  }).join(''):'<div class="empty">暂无笔记</div>';
  document.querySelectorAll('.audit-entry').forEach((e)=>{e.onclick=()=>{$('.audit-reason').textContent=e.dataset.reason;$('.audit-modal').hidden=false;};});
}
document.querySelectorAll('.tab-item').forEach((t)=>{t.onclick=()=>{document.querySelectorAll('.tab-item').forEach((x)=>x.classList.toggle('active',x===t));load(t.dataset.tab);};});
$('.audit-close').onclick=()=>{$('.audit-modal').hidden=true;};
setTimeout(()=>load(0),300);`;
  return layout('笔记管理', body, script);
}
