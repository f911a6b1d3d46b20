import type { SiteContext } from '../site.ts';
import { esc, layout } from './build.ts';

/** /new/home: the signed-in home with 发布笔记. */
export function xhsHome(ctx: SiteContext): string {
  return layout(
    '首页',
    `<div class="creator-home"><div class="user-name">${esc(ctx.user)}</div>
<a class="d-button d-button-primary publish-video" href="${ctx.prefix}/publish/publish?from=homepage&target=video">发布笔记</a>
<a href="${ctx.prefix}/new/note-manager?source=official">笔记管理</a></div>`,
  );
}

/** /publish/success?…: the page a publish lands on. */
export function xhsSuccess(ctx: SiteContext): string {
  return layout(
    '发布成功',
    `<div class="success-container"><div class="success-title">发布成功</div>
<a class="d-button" href="${ctx.prefix}/new/note-manager?source=official">查看笔记</a>
<a class="d-button d-button-primary" href="${ctx.prefix}/publish/publish?from=homepage&target=video">再发一篇</a></div>`,
  );
}
