import { hashed, WEUI_CSS } from './style.ts';

const FORM_CSS = `
.post-create{background:#fff;border-radius:8px;padding:24px 32px;max-width:920px}
.form-item{display:flex;margin:18px 0}
.form-item > .label{width:96px;flex:none;color:#555;padding-top:8px}
.form-content{flex:1;position:relative}
.post-upload-wrap{border:1px dashed #ccc;border-radius:6px;min-height:140px;display:flex;align-items:center;justify-content:center}
.upload-content{cursor:pointer;text-align:center;padding:24px}
.weui-desktop-progress__bar{height:4px;background:#eee;width:320px;margin:8px auto}
.weui-desktop-progress__inner-bar{height:4px;background:#07c160;width:0}
.status-msg.error{color:#fa5151}
.tag-inner{display:inline-block;cursor:pointer;color:#576b95;margin:0 6px}
.input-editor{min-height:96px;border:1px solid #e0e0e0;border-radius:4px;padding:8px 10px;outline:none}
.input-editor:empty:before{content:attr(data-placeholder);color:#aaa}
.cover-wrap{display:flex;gap:16px}
.vertical-cover-wrap,.horizontal-cover-wrap{position:relative;width:120px;height:160px;background:#f3f3f3;border-radius:4px;cursor:pointer;display:flex;align-items:center;justify-content:center}
.horizontal-cover-wrap{width:160px;height:120px}
.vertical-mask-layer{position:absolute;inset:0;background:rgba(255,255,255,.85);display:flex;align-items:center;justify-content:center;font-size:12px;text-align:center}
.option-list-wrap{position:absolute;z-index:50;background:#fff;border:1px solid #e0e0e0;border-radius:4px;width:240px}
.option-item{padding:8px 12px;cursor:pointer}
.form-btns{margin-top:32px}
`;

/** The create form's DOM as the micro-app renders it into <wujie-app>'s shadow root (research/connectors.md §4). */
export function formTemplate(newBuild: boolean): string {
  const dialog = (cls: string, title: string, body: string, buttons: string) =>
    `<div class="weui-desktop-dialog__wrp ${cls}" hidden><div class="weui-desktop-dialog"><div class="weui-desktop-dialog__hd"><h3 class="weui-desktop-dialog__title">${title}</h3></div><div class="weui-desktop-dialog__bd">${body}</div><div class="weui-desktop-dialog__ft finder-dialog-footer">${buttons}</div></div></div>`;
  const btn = (text: string, cls = 'weui-desktop-btn_default') =>
    `<button type="button" class="weui-desktop-btn ${cls}">${text}</button>`;
  const verifyBody = (desc: string, extra: string) =>
    `<p class="verify-desc">${desc}</p>${extra}<div class="weui-desktop-form__tips weui-desktop-form__tips_warn"></div>`;
  return `<style>${WEUI_CSS}${FORM_CSS}</style>
<div class="post-create ${hashed('post-create', newBuild)}">
<div class="form-item"><div class="label"><span>视频</span></div><div class="form-content">
 <div class="post-upload-wrap ${hashed('upload-area', newBuild)}">
  <div class="upload-content"><div class="upload-icon">＋</div><div class="upload-tip">上传时长8小时内，大小不超过20GB，建议分辨率720p及以上，码率10Mbps以内，格式为MP4/H.264格式</div>
   <input type="file" accept="video/mp4,video/x-m4v,video/*" style="display:none"></div>
  <div class="media-status-content" hidden><div class="status-msg"></div>
   <div class="weui-desktop-progress"><div class="weui-desktop-progress__bar"><div class="weui-desktop-progress__inner-bar"></div></div></div>
   <div class="media-opr"><div class="tag-inner">删除</div></div></div>
  <div class="media-preview" hidden><div class="media-name"></div><div class="media-opr"><div class="tag-inner">删除</div></div></div>
 </div></div></div>
<div class="form-item"><div class="label"><span>描述</span></div><div class="form-content"><div class="input-editor" contenteditable="true" data-placeholder="添加描述"></div></div></div>
<div class="form-item"><div class="label"><span>位置</span></div><div class="form-content"><div class="position-display">不显示位置</div></div></div>
<div class="form-item post-album"><div class="label"><span>添加到合集</span></div><div class="form-content"><div class="post-album-display-wrap"><span class="album-name">选择合集</span></div>
 <div class="option-list-wrap" hidden><div class="option-item"><span class="name">门店日常</span></div><div class="option-item"><span class="name">新品推荐</span></div></div></div></div>
<div class="form-item"><div class="label"><span>封面</span></div><div class="form-content"><div class="cover-wrap">
 <div class="vertical-cover-wrap"><div class="cover-img-wrap"><span class="cover-tip">竖版封面 3:4</span></div><div class="vertical-mask-layer">视频上传完成后可设置封面</div></div>
 <div class="horizontal-cover-wrap"><div class="cover-img-wrap"><span class="cover-tip">横版封面 4:3</span></div><div class="vertical-mask-layer">视频上传完成后可设置封面</div></div></div></div></div>
<div class="form-item"><div class="label"><span>声明原创</span></div><div class="form-content"><div class="declare-original-checkbox"><label class="ant-checkbox-wrapper"><span class="ant-checkbox"><input type="checkbox" class="ant-checkbox-input"></span><span>声明后，作品将展示原创标记，有机会获得广告收入</span></label></div></div></div>
<div class="form-item"><div class="label"><span>短标题</span></div><div class="form-content"><span class="weui-desktop-form__input-wrp"><input type="text" class="weui-desktop-form__input short-title-input" placeholder="填写短标题有机会获得更多流量"></span><span class="input-count">0/16</span><div class="short-title-tip">短标题会出现在搜索、话题、活动、地点、订阅号消息、发现页红点等场景</div></div></div>
<div class="form-item"><div class="label"><span>发表时间</span></div><div class="form-content post-time-wrap">
 <label class="weui-desktop-form__check-label"><input type="radio" class="weui-desktop-form__radio" name="postTimeType" value="0" checked><span class="weui-desktop-form__check-content">不定时</span></label>
 <label class="weui-desktop-form__check-label"><input type="radio" class="weui-desktop-form__radio" name="postTimeType" value="1"><span class="weui-desktop-form__check-content">定时</span></label>
 <div class="weui-desktop-picker__wrp" hidden><span class="weui-desktop-form__input-wrp"><input type="text" class="weui-desktop-form__input" placeholder="请选择发表时间" readonly></span>
  <div class="weui-desktop-picker__panel" hidden><div class="weui-desktop-picker__panel__hd"><button type="button" class="weui-desktop-btn__icon__left">‹</button><span class="weui-desktop-picker__panel__label year-label"></span><span class="weui-desktop-picker__panel__label month-label"></span><button type="button" class="weui-desktop-btn__icon__right">›</button></div>
  <table class="weui-desktop-picker__table"><tbody></tbody></table>
  <div class="weui-desktop-picker__time"><input type="text" class="weui-desktop-form__input" placeholder="请选择时间"></div></div></div>
</div></div>
<div class="form-btns">${btn('保存草稿')}${btn('手机预览')}${btn('发表', 'weui-desktop-btn_primary weui-desktop-btn_disabled')}</div>
</div>
${dialog('delete-dialog', '删除视频', '<p>确定删除此视频吗？</p>', btn('取消') + btn('删除', 'weui-desktop-btn_primary'))}
${dialog('cover-dialog', '编辑封面', '<div class="single-cover-uploader-wrap"><div class="upload-btn weui-desktop-btn">上传封面</div><input type="file" accept="image/jpeg,image/png,image/jpg" style="display:none"></div><div class="cover-file-name"></div>', btn('取消') + btn('确认', 'weui-desktop-btn_primary weui-desktop-btn_disabled'))}
${dialog('crop-dialog', '裁剪封面图', '<div class="crop-area">拖动选框调整封面显示区域</div>', btn('取消') + btn('确定', 'weui-desktop-btn_primary'))}
${dialog('declare-original-dialog', '声明原创', '<div class="declare-body-wrapper"><label class="ant-checkbox-wrapper"><span class="ant-checkbox"><input type="checkbox" class="ant-checkbox-input"></span><span>我已阅读并同意 《视频号原创声明使用条款》</span></label></div>', btn('取消') + btn('声明原创', 'weui-desktop-btn_primary weui-desktop-btn_disabled'))}
${dialog('changeAccount-dialog', '切换视频号', '<p>当前微信已绑定多个视频号，是否切换到其他视频号发表？</p>', btn('取消') + btn('切换', 'weui-desktop-btn_primary'))}
${dialog('verify-dialog verify-sms', '验证身份', verifyBody('为保障帐号安全，请输入发送至 138****8000 的短信验证码', '<input type="text" class="weui-desktop-form__input" placeholder="请输入短信验证码">'), btn('取消') + btn('确定', 'weui-desktop-btn_primary'))}
${dialog('verify-dialog verify-captcha', '安全验证', verifyBody('请输入图中的字符', '<img class="verify-img" alt="验证码"><input type="text" class="weui-desktop-form__input" placeholder="请输入图中字符">'), btn('取消') + btn('确定', 'weui-desktop-btn_primary'))}
${dialog('verify-dialog verify-real-name', '实名验证', verifyBody('为保障帐号安全，请视频号管理员使用微信扫描二维码完成实名验证', '<img class="qrcode" alt="实名验证二维码"><p class="qrcode-tip">二维码5分钟内有效</p>'), '')}
<div class="weui-desktop-toast__wrp" hidden><div class="weui-desktop-toast"><div class="weui-desktop-toast__content"></div></div></div>`;
}
