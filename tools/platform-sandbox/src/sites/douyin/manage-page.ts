import type { WorkView } from '../../pages.ts';
import type { SiteContext } from '../site.ts';
import { classNames } from './class-names.ts';
import { DOUYIN_PATHS } from './publish-page.ts';
import { creatorDocument } from './styles.ts';

const REVIEW_CODE: Record<string, number> = { 已发布: 0, 审核中: 1, 未通过: 2, 定时发布: 3 };

/**
 * The works-list API as JSON text: `aweme_id` is written as a bare 19-digit number, which JSON.parse
 * rounds (research §1, IDX), so a reader must keep the digits itself.
 */
export function workListJson(works: WorkView[]): string {
  const list = works.map((w) => ({
    aweme_id: `@@${w.id}@@`,
    item_title: w.title,
    desc: w.title,
    create_time: Math.floor(w.createdAt / 1000),
    ...(w.durationSec > 0 ? { duration: Math.round(w.durationSec * 1000) } : {}),
    status: { review_status: REVIEW_CODE[w.status] ?? 1, status_desc: w.status },
    share_url: `https://www.douyin.com/video/${w.id}`,
  }));
  const text = JSON.stringify({ status_code: 0, status_msg: '', has_more: false, max_cursor: 0, aweme_list: list });
  return text.replace(/"@@(\d+)@@"/g, '$1');
}

/** What the API answers a logged-out or risk-blocked session (IDX: status_code 8). */
export const LOGGED_OUT_JSON = JSON.stringify({ status_code: 8, status_msg: '用户未登录' });

/** 作品管理: the page reads its list from the works API and draws cards with review tags. */
export function managePage(ctx: SiteContext): string {
  const cls = classNames(ctx.switches.douyinNewBuild);
  const body = `<div class="creator-header">抖音创作者中心</div>
<main class="creator-main"><h2>作品管理</h2>
<div class="semi-tabs"><span class="semi-tabs-tab semi-tabs-tab-active">全部作品</span><span class="semi-tabs-tab">已发布</span><span class="semi-tabs-tab">审核中</span><span class="semi-tabs-tab">未通过</span></div>
<div class="${cls['card-container']}"><p class="list-loading">加载中…</p></div></main>`;
  const script = `
const cls=${JSON.stringify({ card: cls['video-card'], container: cls['card-container'] })};
const pad=(n)=>String(n).padStart(2,'0');
const time=(s)=>{const d=new Date(s*1000);return d.getFullYear()+'-'+pad(d.getMonth()+1)+'-'+pad(d.getDate())+' '+pad(d.getHours())+':'+pad(d.getMinutes());};
fetch(${JSON.stringify(ctx.prefix + DOUYIN_PATHS.workList)}+'?status=0&count=12&max_cursor=0').then((r)=>r.text()).then((text)=>{
  // ids are kept as text: they do not fit a JS number.
  const b=JSON.parse(text.replace(/"aweme_id":(\\d+)/g,'"aweme_id":"$1"'));
  const box=document.querySelector('.'+cls.container);box.innerHTML='';
  if(!b.aweme_list||b.aweme_list.length===0){box.innerHTML='<p class="list-empty">暂无作品</p>';return;}
  for(const w of b.aweme_list){
    const card=document.createElement('div');card.className=cls.card+' video-card';
    card.innerHTML='<div class="card-cover"><span class="card-duration"></span></div><div class="card-info"><div class="info-title-text"></div><div class="info-time"></div><span class="semi-tag status-tag"></span></div>';
    card.querySelector('.info-title-text').textContent=w.item_title||w.desc;
    card.querySelector('.info-time').textContent=time(w.create_time);
    card.querySelector('.status-tag').textContent=w.status.status_desc;
    if(w.duration){const s=Math.round(w.duration/1000);card.querySelector('.card-duration').textContent=pad(Math.floor(s/60))+':'+pad(s%60);}
    box.appendChild(card);
  }
});`;
  return creatorDocument('作品管理', body, script);
}
