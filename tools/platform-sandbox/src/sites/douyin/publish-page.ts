import { SKINS } from '../../skins.ts';
import type { SiteContext } from '../site.ts';
import { classNames } from './class-names.ts';
import { PUBLISH_SCRIPT } from './publish-script.ts';
import { SMS_DIALOG_SCRIPT } from './verify-script.ts';
import { creatorDocument, esc } from './styles.ts';

/** The creator centre's paths (research §1), below the platform prefix. */
export const DOUYIN_PATHS = {
  home: '/creator-micro/home',
  upload: '/creator-micro/content/upload',
  publishV1: '/creator-micro/content/publish',
  publishV2: '/creator-micro/content/post/video',
  manage: '/creator-micro/content/manage',
  workList: '/janus/douyin/creator/pc/work_list',
} as const;

/** How long the cover modal's 完成 stays disabled while the cover is processed, ms (≈15 s on the real site). */
export const COVER_PROCESSING_MS = 1_500;

/** The 自主声明 types offered (research §1, #200). */
export const DECLARATIONS = [
  '内容由AI生成',
  '可能引人不适',
  '虚构演绎，仅供娱乐',
  '危险行为，请勿模仿',
  '内容自行拍摄',
  '内容取材网络',
];

/**
 * The upload page and the two publish pages (one single-page app, as on the real site): a hidden
 * file input, then the v1 or v2 form by the account's grey group; on v2 the form renders only after
 * the upload. The form is a template mounted by the script.
 */
export function publishPage(ctx: SiteContext): string {
  const cls = classNames(ctx.switches.douyinNewBuild);
  const radio = (value: string, text: string, checked: boolean) =>
    `<label class="${cls.radio} semi-radio${checked ? ' semi-radio-checked' : ''}"><input type="radio" class="semi-radio-input" name="timing" value="${value}"${checked ? ' checked' : ''}><span class="semi-radio-inner"></span><span class="semi-radio-addon">${text}</span></label>`;
  const form = `<div class="publish-form">
  <div class="${cls['long-card']}" hidden><div class="card-name"></div><div class="card-state">视频处理中</div><div class="card-actions"><span class="card-reupload">重新上传</span><span>预览视频</span></div></div>
  <div class="form-item"><div class="form-label">作品标题</div><div class="semi-input-wrapper"><input class="semi-input semi-input-default" placeholder="填写作品标题，为作品获得更多流量" maxlength="30"></div></div>
  <div class="form-item"><div class="form-label">作品简介</div>
    <div class="editor-kit-root-container"><div class="zone-container editor-kit-container editor" contenteditable="true" data-placeholder="添加作品简介"></div></div>
    <div class="topic-bar"><span class="topic-btn">#添加话题</span><span>@好友</span></div></div>
  <div class="form-item"><div class="form-label">设置封面</div>
    <div class="${cls.coverControl} cover-box"><div class="cover-preview"></div><div class="cover-hover">选择封面</div></div>
    <div class="recommend-list"><span>推荐封面</span>${[1, 2, 3].map((n) => `<div class="${cls.recommendCover}" data-name="recommend-cover-${n}.jpg"></div>`).join('')}</div></div>
  <div class="form-item"><div class="form-label">自主声明</div><div class="${cls.declare}"><span class="entry-text">请选择自主声明</span></div></div>
  <div class="form-item"><div class="form-label">添加到合集</div><div class="${cls['select-collection']} semi-select"><span class="semi-select-selection-placeholder">请选择合集</span></div></div>
  <div class="form-item"><div class="form-label">发布时间</div><div class="semi-radioGroup">${radio('now', '立即发布', true)}${radio('schedule', '定时发布', false)}</div>
    <div class="semi-datepicker" hidden><div class="semi-input-wrapper"><input class="semi-input" placeholder="日期和时间" format="yyyy-MM-dd HH:mm"></div></div></div>
  <div class="content-confirm-container"><button type="button" class="semi-button semi-button-primary semi-button-disabled" disabled aria-disabled="true">发布</button> <button type="button" class="semi-button semi-button-tertiary">暂存离开</button></div>
</div>`;
  const body = `<div class="creator-header">抖音创作者中心<span class="user-name">${esc(ctx.user)}</span></div>
<main class="creator-main">
  <section class="upload-view"><div class="${cls.container}"><div class="${cls['upload-btn']}"><span>上传视频</span><p>点击上传 或直接将视频文件拖入此区域</p>
    <input class="upload-btn-input" type="file" accept="video/mp4,video/x-m4v,video/*" style="display:none"></div></div></section>
  <section class="progress-view" hidden><div class="progress-div"></div></section>
  <section class="publish-view"></section>
</main>
<template id="publish-form">${form}</template>
<div class="semi-toast-wrapper"></div>`;
  const config = {
    prefix: ctx.prefix,
    version: ctx.switches.douyinPublishVersion,
    paths: DOUYIN_PATHS,
    createPath: ctx.prefix + SKINS.douyin.createPath,
    coverMs: COVER_PROCESSING_MS,
    declarations: DECLARATIONS,
    cls,
  };
  return creatorDocument('发布视频', body, `const C=${JSON.stringify(config)};${SMS_DIALOG_SCRIPT}${PUBLISH_SCRIPT}`);
}
