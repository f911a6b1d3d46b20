import type { WorkView } from '../../pages.ts';
import type { SiteContext } from '../site.ts';
import { esc, hashed, layout } from './ui.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Beijing time as the list prints it. */
function beijing(ms: number): string {
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** A duration as the cover badge shows it (mm:ss). */
const clock = (sec: number) => `${pad(Math.floor(sec / 60))}:${pad(Math.round(sec) % 60)}`;

/**
 * cp.kuaishou.com/article/manage/video: the works list, newest first. No source describes its item ids;
 * our assumption is the SPA's usual one: each cover links to the work's public page
 * (www.kuaishou.com/short-video/<id>), the id readable from that link.
 */
export function managePage(ctx: SiteContext): string {
  const nb = ctx.switches.kuaishouNewBuild;
  const c = (name: string) => hashed(name, nb);
  const item = (w: WorkView) => `<div class="${c('video-item')}">
<a class="${c('video-item-cover')}" href="${esc(w.permalink ?? '')}" target="_blank">${w.durationSec > 0 ? `<span class="${c('video-item-duration')}">${clock(w.durationSec)}</span>` : ''}</a>
<div class="${c('video-item-info')}"><div class="${c('video-item-title')}">${esc(w.title)}</div><div class="${c('video-item-time')}">${beijing(w.createdAt)}</div></div>
<div class="${c('video-item-status')}">${esc(w.status)}</div></div>`;
  const works = ctx.works();
  const body = `<header><span class="logo">快手创作者服务平台</span><span class="user-name">${esc(ctx.user)}</span></header>
<main class="page"><h2>作品管理</h2>
<div role="tablist"><div role="tab" aria-selected="true">全部作品</div><div role="tab">已发布</div><div role="tab">审核中</div><div role="tab">未通过</div></div>
<div class="${c('video-list')}">${works.map(item).join('') || `<div class="ant-empty"><p class="ant-empty-description">暂无作品</p></div>`}</div></main>`;
  return layout('作品管理 - 快手创作者服务平台', body);
}
