import type { SiteContext } from '../site.ts';
import { esc, hashed, layout } from './ui.ts';
import { PUBLISH_SCRIPT } from './publish-script.ts';

/** The CSS-module classes the publish page's script looks elements up by. */
const MODULES = [
  'upload-btn',
  'upload-container',
  'publish-form',
  'file-name',
  'upload-status',
  'upload-fail',
  'reupload',
  'description',
  'cover-wrap',
  'default-cover',
  'cover-name',
  'button-group',
] as const;

/**
 * cp.kuaishou.com/article/publish/video: `button._upload-btn_…` opens a native file chooser (its input
 * is hidden and cleared after each pick, as rc-upload does); the form below shows once a file is
 * chosen: 上传中 in `div.progress-div` until upload and processing end (上传失败 with a re-upload
 * input instead), the contenteditable after 描述, 封面设置 opening an Ant Design modal, the 定时发布
 * radio with a controlled DatePicker, and 发布 followed by the 确认发布 confirm modal. react-joyride
 * tours block clicks when the page opens and when the upload ends.
 */
export function publishPage(ctx: SiteContext, loginUrl: string, successPath: string, createPath: string): string {
  const nb = ctx.switches.kuaishouNewBuild;
  const cls = Object.fromEntries(MODULES.map((m) => [m, hashed(m, nb)])) as Record<(typeof MODULES)[number], string>;
  const reuploadInput = hashed('upload-btn-input', nb, true);
  const body = `<header><span class="logo">快手创作者服务平台</span><span class="user-name">${esc(ctx.user)}</span></header>
<main class="page">
<div role="tablist" class="publish-tabs"><div role="tab" aria-selected="true">上传视频</div><div role="tab" aria-selected="false">图文</div></div>
<section class="${cls['upload-container']}">
  <p>拖拽视频到此区域或点击上传</p>
  <button type="button" class="${cls['upload-btn']} ant-btn ant-btn-primary"><span>上传视频</span></button>
  <input type="file" accept="video/*" style="display:none">
  <p>支持时长15分钟以内、大小4G以内的视频，推荐mp4格式</p>
</section>
<section class="${cls['publish-form']}" hidden>
  <div class="progress-div"></div>
  <div class="form-item"><span>描述</span><div class="${cls.description}" contenteditable="true" placeholder="添加合适的话题和描述，作品能获得更多推荐～"></div></div>
  <div class="form-item"><span>封面设置</span><div class="${cls['cover-wrap']}"><div class="${cls['default-cover']}"><span>编辑封面</span></div><span class="${cls['cover-name']}"></span></div></div>
  <div class="form-item"><label>作者声明</label><div class="ant-select"><span class="ant-select-selection-placeholder">选择声明</span></div></div>
  <div class="form-item"><span>发布设置</span>
    <div class="ant-radio-group">
      <label class="ant-radio-wrapper ant-radio-wrapper-checked"><span class="ant-radio ant-radio-checked"><input type="radio" class="ant-radio-input" name="publish-time" value="1" checked></span><span>立即发布</span></label>
      <label class="ant-radio-wrapper"><span class="ant-radio"><input type="radio" class="ant-radio-input" name="publish-time" value="2"></span><span>定时发布</span></label>
    </div>
    <div class="ant-picker" hidden><div class="ant-picker-input"><input placeholder="选择日期时间" autocomplete="off"></div></div>
    <div class="ant-picker-dropdown" hidden><div class="ant-picker-panel">请选择日期和时间</div><ul class="ant-picker-ranges"><li class="ant-picker-ok"><button type="button" class="ant-btn ant-btn-primary ant-btn-sm"><span>确定</span></button></li></ul></div>
  </div>
  <div class="${cls['button-group']}"><button type="button" class="ant-btn ant-btn-primary"><span>发布</span></button><button type="button" class="ant-btn"><span>取消</span></button></div>
</section>
</main>
<div class="ant-message"></div>
<div class="modals"></div>`;
  const config = {
    prefix: ctx.prefix,
    loginUrl,
    successPath: ctx.prefix + successPath,
    createPath: ctx.prefix + createPath,
    cls,
    reuploadInput,
  };
  return layout('发布作品 - 快手创作者服务平台', body, `const C=${JSON.stringify(config)};${PUBLISH_SCRIPT}`);
}
