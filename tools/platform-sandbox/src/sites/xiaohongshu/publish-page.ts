import type { SiteContext } from '../site.ts';
import { hashed, layout } from './build.ts';
import { EDITOR_SCRIPT } from './editor-script.ts';
import { PUBLISH_SCRIPT } from './publish-script.ts';

const VIDEO_ACCEPT = '.mp4,.mov,.flv,.f4v,.mkv,.rm,.rmvb,.m4v,.mpg,.mpeg,.ts';
const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp';
const TABS = ['上传视频', '上传图文', '写长文'];

function tabs(target: string, offscreen: boolean): string {
  const active = target === 'image' ? 1 : 0;
  const items = TABS.map(
    (t, i) => `<div class="creator-tab${i === active ? ' active' : ''}"><span class="title">${t}</span></div>`,
  ).join('');
  // The real page keeps a second, off-screen copy of the tabs (IDX: left:-9999px).
  return `<div class="header"${offscreen ? ' style="position:absolute;left:-9999px;top:0"' : ''}>${items}</div>`;
}

/** The editor that appears once the video is uploaded: title, TipTap body, topics, cover, declaration, schedule, publish. */
function editor(ctx: SiteContext): string {
  const decoy = `<input class="title-input-hidden" tabindex="-1" style="position:absolute;width:4px;height:4px;opacity:0;border:0;padding:0">`;
  return `<div class="publish-editor" hidden>
  <div class="${hashed(ctx).titleBox} title-container">${decoy}${decoy}
    <div class="d-input-wrapper"><div class="d-input"><input class="d-text" type="text" placeholder="填写标题会有更多赞哦～"><div class="d-input-suffix"><span class="d-text-count">0/20</span></div></div></div>
  </div>
  <div class="editor-container" style="position:relative">
    <div class="tiptap ProseMirror" contenteditable="true" role="textbox" translate="no" style="min-height:120px;border:1px solid #eee;padding:8px"><p data-placeholder="输入正文描述，真诚有价值的分享予人温暖" class="is-empty is-editor-empty"><br class="ProseMirror-trailingBreak"></p></div>
    <div id="creator-editor-topic-container" class="d-popover" hidden></div>
    <div class="topic-bar"><button type="button" class="d-button topic-btn">#话题</button><span class="body-count">0/1000</span></div>
  </div>
  <div class="cover-container"><div class="upload-cover" style="width:120px;height:160px;border:1px dashed #ccc;cursor:pointer">设置封面</div><span class="cover-name"></span></div>
  <div class="declaration-container">
    <div class="d-select-wrapper"><div class="d-select declaration-select" style="cursor:pointer"><span class="d-select-placeholder">添加内容类型声明</span></div></div>
    <div class="d-popover declaration-popover" hidden>
      <div class="d-option" data-value="fiction"><span class="d-text" style="pointer-events:none">虚构演绎，仅供娱乐</span></div>
      <div class="d-option" data-value="ai"><span class="d-text" style="pointer-events:none">笔记含AI合成内容</span></div>
      <div class="d-option" data-value="source"><span class="d-text" style="pointer-events:none">内容来源声明</span></div>
      <div class="d-sub-options" hidden>
        <div class="d-option" data-value="self"><span class="d-text" style="pointer-events:none">自主拍摄</span></div>
        <div class="d-option" data-value="repost"><span class="d-text" style="pointer-events:none">来源转载</span></div>
      </div>
    </div>
    <span class="declaration-value"></span>
  </div>
  <div class="custom-switch-card"><div class="title">定时发布</div><div class="d-switch"><span class="d-switch-simulator"></span></div>
    <div class="date-picker-container" hidden><div class="d-datepicker"><div class="d-datepicker-input-filter"><input class="d-text" placeholder="选择日期和时间"></div></div><p class="d-input-error schedule-error"></p></div>
  </div>
  <div class="submit"><xhs-publish-btn disabled></xhs-publish-btn><button type="button" class="d-button cancel-btn">取消</button></div>
</div>`;
}

/** The cover, declaration and verification dialogs (the d- kit's modal). */
const DIALOGS = `
<div class="d-modal-mask cover-modal" hidden><div class="d-modal">
  <div class="d-modal-title">设置封面</div>
  <div class="d-tabs"><div class="d-tab active" data-pane="frames">截取封面</div><div class="d-tab" data-pane="upload">上传封面</div></div>
  <div class="pane frames"><div class="frame-list">视频帧</div></div>
  <div class="pane upload" hidden><div class="upload-wrapper"><input type="file" accept="image/png, image/jpeg, image/webp" style="display:none"><button type="button" class="d-button">上传图片</button></div><p class="cover-state"></p></div>
  <div class="d-modal-footer"><button type="button" class="d-button cover-cancel">取消</button><button type="button" class="d-button d-button-primary cover-ok">确定</button></div>
</div></div>
<div class="d-modal-mask repost-modal" hidden><div class="d-modal">
  <div class="d-modal-title">来源转载</div>
  <div class="d-input"><input placeholder="请输入媒体名称"></div>
  <div class="d-modal-footer"><button type="button" class="d-button repost-cancel">取消</button><button type="button" class="d-button d-button-primary repost-ok">确认</button></div>
</div></div>
<div class="d-modal-mask verify-dialog" hidden><div class="d-modal">
  <div class="d-modal-title"></div>
  <p class="d-modal-desc"></p>
  <img class="verify-img" alt="" hidden>
  <div class="d-input verify-code"><input placeholder="请输入验证码" maxlength="6"></div>
  <p class="d-input-error"></p>
  <div class="d-modal-footer"><button type="button" class="d-button d-button-primary verify-ok">确定</button></div>
</div></div>
<div class="guide-mask" hidden></div>
<div class="d-popover guide-popover" hidden><p class="guide-text"></p><button type="button" class="d-button d-button-primary guide-next"></button></div>`;

/**
 * /publish/publish?from=homepage&target=video: mode tabs (and their off-screen copy), the hidden file
 * input inside `upload-content` with its sibling `preview-new` status, then the editor.
 */
export function xhsPublishPage(ctx: SiteContext): string {
  const target = ctx.url.searchParams.get('target') === 'image' ? 'image' : 'video';
  const accept = target === 'image' ? IMAGE_ACCEPT : VIDEO_ACCEPT;
  const label = target === 'image' ? '上传图片' : '上传视频';
  const body = `<div class="publish-page">${tabs(target, false)}${tabs(target, true)}
<div class="upload-container"><div class="upload-content">
  <div class="upload-wrapper-video"><p class="drag-text">拖拽${target === 'image' ? '图片' : '视频'}到此或点击上传</p><button type="button" class="d-button d-button-primary upload-button">${label}</button>
    <p class="upload-tips">支持时长60分钟以内，最大20GB的视频文件</p></div>
  <input class="upload-input" type="file" accept="${accept}" ${target === 'image' ? 'multiple ' : ''}style="display:none">
  <div class="preview-new" hidden></div>
</div></div>
${editor(ctx)}
</div>${DIALOGS}`;
  const config = {
    prefix: ctx.prefix,
    createPath: `${ctx.prefix}/web_api/sns/v2/note`,
    noSuggestions: ctx.switches.xiaohongshuNoTopicSuggestions,
  };
  return layout('发布笔记', body, `const C=${JSON.stringify(config)};${PUBLISH_SCRIPT}${EDITOR_SCRIPT}`);
}
