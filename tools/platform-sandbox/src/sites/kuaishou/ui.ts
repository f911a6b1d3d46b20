import { createHash } from 'node:crypto';

/** HTML-escapes text for a page. */
export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

// A new build renames some CSS modules outright (SAU #58: `div.vVExjn9O3UQ-` broke) and rehashes all.
const NEW_BUILD_NAMES: Record<string, string> = {
  'upload-btn': 'upload-trigger',
  'upload-btn-input': 'upload-file-input',
};

/**
 * A hashed CSS-module class as Kuaishou's build emits it (`_upload-btn_1x9ab`); `bare` drops the leading
 * underscore, as the re-upload input's `upload-btn-input-…` does. The new build gives other names.
 */
export function hashed(name: string, newBuild: boolean, bare = false): string {
  const local = newBuild ? (NEW_BUILD_NAMES[name] ?? name) : name;
  const hash = createHash('sha1')
    .update(`${local}:${newBuild ? 'b' : 'a'}`)
    .digest('base64url')
    .slice(0, 5);
  return bare ? `${local}-${hash}` : `_${local}_${hash}`;
}

/** Ant Design's look, as far as a test page needs it (overlays cover the page and take clicks). */
const STYLE = `
body{font-family:"WenQuanYi Micro Hei",sans-serif;margin:0;color:#222}
header{height:56px;display:flex;align-items:center;gap:16px;padding:0 24px;border-bottom:1px solid #eee}
main.page{padding:24px}
.ant-btn{height:32px;padding:4px 15px;border:1px solid #d9d9d9;border-radius:6px;background:#fff;cursor:pointer}
.ant-btn-primary{background:#fe3666;border-color:#fe3666;color:#fff}
.ant-input{padding:4px 11px;border:1px solid #d9d9d9;border-radius:6px}
.ant-modal-root{display:none}
.ant-modal-root.open{display:block}
.ant-modal-mask{position:fixed;inset:0;background:rgba(0,0,0,.45);z-index:1000}
.ant-modal-wrap{position:fixed;inset:0;z-index:1000;overflow:auto}
.ant-modal{position:relative;top:100px;margin:0 auto;width:520px}
.ant-modal-content{background:#fff;border-radius:8px;padding:20px 24px}
.ant-modal-title{font-weight:600;margin-bottom:12px}
.ant-modal-footer,.ant-modal-confirm-btns{text-align:right;margin-top:12px;display:flex;gap:8px;justify-content:flex-end}
.ant-form-item-explain-error{color:#ff4d4f}
.ant-message{position:fixed;top:8px;left:0;width:100%;z-index:1010;pointer-events:none;text-align:center}
.ant-message-notice-content{display:inline-block;padding:9px 12px;background:#fff;border-radius:8px;box-shadow:0 6px 16px rgba(0,0,0,.08)}
.ant-radio-group{display:flex;gap:16px}
.ant-picker{display:inline-block;margin-left:12px}
.ant-picker-dropdown{position:absolute;z-index:1050;background:#fff;box-shadow:0 6px 16px rgba(0,0,0,.08);padding:8px}
.react-joyride__overlay{position:fixed;inset:0;background:rgba(0,0,0,.5);z-index:100;pointer-events:auto}
.react-joyride__spotlight{position:absolute;top:80px;left:40px;width:240px;height:60px;border-radius:4px;background:rgba(255,255,255,.2);pointer-events:auto}
.__floater{position:fixed;top:35%;left:35%;z-index:101}
.react-joyride__tooltip{background:#fff;border-radius:5px;padding:15px;width:320px}
#login-form{position:relative;width:380px;margin:80px auto;padding:32px;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.1)}
.platform-switch{position:absolute;top:0;right:0;width:52px;height:52px;cursor:pointer;background:linear-gradient(225deg,#fe3666 50%,transparent 50%)}
.qr-login img{width:180px;height:180px}
.qrcode-wrap{position:relative;display:inline-block}
.qrcode-status{position:absolute;inset:0;background:rgba(255,255,255,.92);text-align:center}
.qrcode-refresh{color:#fe3666;cursor:pointer}
[hidden]{display:none!important}
`;

/** A page of the Kuaishou creator centre (or its passport). */
export function layout(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;
}
