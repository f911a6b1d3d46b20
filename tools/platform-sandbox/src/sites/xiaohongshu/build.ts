import type { SiteContext } from '../site.ts';

/**
 * The class names Xiaohongshu's build tool hashes (emotion `css-…`); a new build renames them all
 * (research/connectors.md: `img.css-wemwzq` is hashed). Stable names (`login-box`, `upload-input`,
 * `d-…`) stay as they are.
 */
export interface HashedClasses {
  qrSwitch: string;
  qrTitle: string;
  qrBox: string;
  qrImage: string;
  titleBox: string;
}

const CURRENT: HashedClasses = {
  qrSwitch: 'css-wemwzq',
  qrTitle: 'css-1r2sk7i',
  qrBox: 'css-dvxtzn',
  qrImage: 'css-1lhmg90',
  titleBox: 'css-1oq4h5z',
};

const NEXT: HashedClasses = {
  qrSwitch: 'css-19z0mr4',
  qrTitle: 'css-k3l6aw',
  qrBox: 'css-p7y3c1',
  qrImage: 'css-1t8d9qe',
  titleBox: 'css-v2b4fj',
};

/** The hashed class names of the build the sandbox serves now. */
export function hashed(ctx: SiteContext): HashedClasses {
  return ctx.switches.xiaohongshuNewBuild ? NEXT : CURRENT;
}

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The in-house "d-" kit's look, enough for layout, overlays that take clicks and hidden inputs. */
const STYLE = `
body{font-family:"WenQuanYi Micro Hei",sans-serif;margin:0;color:#333;background:#f7f7f7}
[hidden]{display:none!important}
.d-button{height:32px;padding:0 16px;border-radius:16px;border:1px solid #ddd;background:#fff;cursor:pointer}
.d-button-primary{background:#ff2442;color:#fff;border-color:#ff2442}
.d-button[disabled]{opacity:.4;cursor:not-allowed}
.d-modal-mask{position:fixed;inset:0;z-index:2000;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center}
.d-modal{background:#fff;border-radius:12px;min-width:360px;padding:20px}
.d-modal-title{font-size:16px;font-weight:600;margin-bottom:12px}
.d-modal-footer{display:flex;justify-content:flex-end;gap:8px;margin-top:16px}
.d-input input{height:32px;border:1px solid #ddd;border-radius:8px;padding:0 8px;width:280px}
.d-input-error{color:#ff2442;font-size:12px;min-height:16px}
.d-toast{position:fixed;top:24px;left:50%;transform:translateX(-50%);z-index:3000;background:#333;color:#fff;padding:8px 16px;border-radius:8px}
.d-switch{display:inline-block;width:36px;height:20px;border-radius:10px;background:#ccc;cursor:pointer;vertical-align:middle}
.d-switch.d-switch-checked{background:#ff2442}
.d-popover{position:fixed;z-index:1500;background:#fff;border-radius:8px;padding:16px;box-shadow:0 4px 16px rgba(0,0,0,.2)}
.guide-mask{position:fixed;inset:0;z-index:1400;background:rgba(0,0,0,.5)}
.d-tag{display:inline-block;padding:0 6px;border-radius:4px;background:#f0f0f0;font-size:12px}
`;

/** A page of the creator centre. */
export function layout(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)} - 小红书创作服务平台</title><style>${STYLE}</style></head><body>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;
}
