/** Enough of Semi Design's look (and of its layering: masks and portals take clicks) for the pages to behave like the site. */
export const SEMI_STYLE = `
body{font-family:"WenQuanYi Micro Hei",sans-serif;margin:0;color:#1c1f23;background:#f5f6f7}
[hidden]{display:none!important}
.creator-header{height:56px;display:flex;align-items:center;gap:16px;padding:0 24px;background:#fff;border-bottom:1px solid #eee}
.creator-main{padding:24px;max-width:1100px}
.semi-button{height:32px;padding:0 16px;border:0;border-radius:4px;background:#f2f3f5;cursor:pointer}
.semi-button-primary{background:#fe2c55;color:#fff}
.semi-button-disabled{opacity:.45;cursor:not-allowed}
.semi-input{height:32px;width:420px;border:1px solid #ddd;border-radius:4px;padding:0 8px}
.form-item{background:#fff;margin:12px 0;padding:12px 16px;border-radius:8px}
.form-label{font-weight:600;margin-bottom:8px}
.zone-container{min-height:96px;border:1px solid #ddd;border-radius:4px;padding:8px;white-space:pre-wrap}
.zone-container:empty:before{content:attr(data-placeholder);color:#999}
.cover-box{position:relative;width:120px;height:160px;background:#eee;border-radius:4px;cursor:pointer}
.cover-hover{position:absolute;inset:auto 0 0 0;text-align:center;background:rgba(0,0,0,.5);color:#fff;opacity:0}
.cover-box:hover .cover-hover{opacity:1}
.recommend-list{display:flex;gap:8px;margin-top:8px}
.recommend-list>div{width:54px;height:72px;background:#ccd;cursor:pointer}
.semi-radio{display:inline-flex;align-items:center;gap:4px;margin-right:16px;cursor:pointer;position:relative}
.semi-radio-input{position:absolute;opacity:0;width:0;height:0}
.semi-radio-inner{width:14px;height:14px;border:1px solid #999;border-radius:50%}
.semi-radio-checked .semi-radio-inner{background:#fe2c55}
.progress-div{background:#fff;padding:12px 16px;border-radius:8px}
.semi-portal{position:absolute;top:0;left:0;width:100%}
.semi-portal-inner{position:fixed;inset:0;z-index:1060}
.semi-modal-mask{position:fixed;inset:0;background:rgba(0,0,0,.45);z-index:1000}
.semi-modal-wrap{position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center}
.semi-modal{background:#fff;border-radius:8px;min-width:360px;max-width:720px}
.semi-modal-content{padding:16px 24px}
.semi-modal-footer{display:flex;justify-content:flex-end;gap:8px;margin-top:16px}
.semi-toast-wrapper{position:fixed;top:24px;left:0;right:0;display:flex;flex-direction:column;align-items:center;z-index:1010}
.semi-toast{background:#fff;box-shadow:0 2px 8px rgba(0,0,0,.2);padding:8px 16px;border-radius:4px;margin:4px}
.shepherd-modal-overlay-container{position:fixed;left:0;top:0;width:100vw;height:100vh;z-index:9997;pointer-events:auto}
.shepherd-element{position:fixed;right:120px;bottom:160px;z-index:9999;background:#fff;border-radius:8px;padding:16px;width:280px}
.uc-ui-verify_mask{position:fixed;inset:0;z-index:2000;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center}
.uc-ui-verify_sms-verify,.captcha_verify_container{background:#fff;border-radius:8px;padding:24px;width:340px}
.uc-ui-verify_sms-verify_button,.captcha_verify_action{margin-top:12px;background:#fe2c55;color:#fff;text-align:center;line-height:36px;border-radius:4px;cursor:pointer}
.uc-ui-verify_sms-verify_error,.captcha_verify_message{color:#f33;min-height:18px}
[class^="video-card"]{display:flex;gap:16px;background:#fff;margin:8px 0;padding:12px;border-radius:8px}
`;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escapes text. */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** A page of the creator centre: Semi's styles, the header, the body and its script. */
export function creatorDocument(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)} - 抖音创作者中心</title><style>${SEMI_STYLE}</style></head><body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;
}
