import { AI_STAFF_MENUS } from '@vidmatrix/contract/menus';
import { PLATFORMS } from '@vidmatrix/contract/platforms';

/** URLs of the images the server draws itself (nothing comes from the internet). */
export const BrandUrl = {
  logo: '/static/brand/logo.svg',
  merchantIco: '/static/brand/merchant-ico.svg',
  adminLogo: '/static/brand/admin-logo.svg',
  memberAvatar: '/static/avatar/member.svg',
} as const;

/** Logo URL of a platform. */
export function platformLogoUrl(platformId: number): string {
  return `/static/platform/${platformId}.svg`;
}

/** Avatar URL of an AI staff menu. */
export function aiStaffAvatarUrl(key: string): string {
  return `/static/avatar/${key}.svg`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A round badge with one or two characters on a colour, 64×64. */
export function badgeSvg(label: string, color: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="${escapeXml(color)}"/>` +
    `<text x="32" y="33" fill="#fff" font-family="sans-serif" font-size="${label.length > 1 ? 22 : 30}" ` +
    `font-weight="600" text-anchor="middle" dominant-baseline="middle">${escapeXml(label)}</text></svg>`
  );
}

/** A wide wordmark, 200×48, for headers and the sidebar. */
export function wordmarkSvg(text: string, color: string, textColor: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="48" viewBox="0 0 200 48">` +
    `<rect x="4" y="6" width="36" height="36" rx="9" fill="${escapeXml(color)}"/>` +
    `<text x="22" y="25" fill="#fff" font-family="sans-serif" font-size="16" font-weight="700" ` +
    `text-anchor="middle" dominant-baseline="middle">AI</text>` +
    `<text x="50" y="25" fill="${escapeXml(textColor)}" font-family="sans-serif" font-size="20" font-weight="600" ` +
    `dominant-baseline="middle">${escapeXml(text)}</text></svg>`
  );
}

const APP_COLOR = '#ad6aff';

/** Every served image, by URL path. */
export const brandAssets: ReadonlyMap<string, string> = new Map<string, string>([
  [BrandUrl.logo, wordmarkSvg('AI获客矩阵', APP_COLOR, '#ffffff')],
  [BrandUrl.adminLogo, wordmarkSvg('AI获客矩阵', APP_COLOR, '#1f1f1f')],
  [BrandUrl.merchantIco, badgeSvg('AI', APP_COLOR)],
  [BrandUrl.memberAvatar, badgeSvg('我', '#8c8c8c')],
  ...PLATFORMS.map((p): [string, string] => [platformLogoUrl(p.id), badgeSvg(p.name.slice(0, 1), p.color)]),
  ...AI_STAFF_MENUS.map((m): [string, string] => [aiStaffAvatarUrl(m.key), badgeSvg(m.name.slice(2, 4), m.color)]),
]);
