import { createHash } from 'node:crypto';

/** HTML-escapes text. */
export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A build-hashed class name (`post-feed-item__3kd9a`): the suffix changes with each front-end build,
 * so a connector that anchors on it breaks on a new build (the "new build" switch).
 */
export function hashed(name: string, newBuild: boolean): string {
  const suffix = createHash('sha1')
    .update(`${name}@${newBuild ? 'build-2' : 'build-1'}`)
    .digest('base64url')
    .slice(0, 5);
  return `${name}__${suffix}`;
}

/** WeUI desktop, the site's UI library, as far as the imitated pages use it (plus the Ant checkboxes). */
export const WEUI_CSS = `
body{margin:0;font-family:"WenQuanYi Micro Hei",sans-serif;background:#f6f7f9;color:#1a1a1a}
[hidden]{display:none!important}
.weui-desktop-btn{display:inline-block;min-width:96px;padding:0 20px;height:36px;line-height:36px;border-radius:4px;border:1px solid #e0e0e0;background:#fff;cursor:pointer;font-size:14px;margin-right:12px}
.weui-desktop-btn_primary{background:#07c160;border-color:#07c160;color:#fff}
.weui-desktop-btn_disabled{opacity:.45;cursor:not-allowed}
.weui-desktop-dialog__wrp{position:fixed;inset:0;z-index:5000;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center}
.weui-desktop-dialog{background:#fff;border-radius:8px;min-width:420px;max-width:560px}
.weui-desktop-dialog__hd{padding:24px 32px 8px}
.weui-desktop-dialog__title{font-size:17px;font-weight:600}
.weui-desktop-dialog__bd{padding:8px 32px 16px;color:#555}
.weui-desktop-dialog__ft{padding:16px 32px 24px;text-align:right}
.weui-desktop-form__input{height:34px;border:1px solid #e0e0e0;border-radius:4px;padding:0 10px;width:280px}
.weui-desktop-form__tips_warn{color:#fa5151;min-height:20px}
.weui-desktop-toast__wrp{position:fixed;top:80px;left:0;right:0;z-index:6000;display:flex;justify-content:center;pointer-events:none}
.weui-desktop-toast{background:rgba(0,0,0,.78);color:#fff;border-radius:6px;padding:12px 24px}
.weui-desktop-picker__panel{position:absolute;z-index:100;background:#fff;border:1px solid #e0e0e0;border-radius:4px;padding:8px}
.weui-desktop-picker__table a{display:inline-block;width:28px;text-align:center;cursor:pointer}
.weui-desktop-picker__disabled{color:#ccc;cursor:not-allowed}
.ant-checkbox-wrapper{cursor:pointer}
`;
