import { createHash } from 'node:crypto';

/** Douyin's CSS-module classes whose suffix is a build hash (research: `.upload-btn--9eZLd`, `.card-container-tmocjc`). */
const HASHED = [
  'container',
  'upload-btn',
  'long-card',
  'coverControl',
  'recommendCover',
  'radio',
  'declare',
  'select-collection',
  'mention-wrapper',
  'ai-cover',
  'video-card',
  'card-container',
  'scan_qrcode_login_content',
  'qrcode-expired',
] as const;
export type HashedClass = (typeof HASHED)[number];

/** The hashed class names of one front-end build: `name-<suffix>`, the suffix changing with the build. */
export function classNames(newBuild: boolean): Record<HashedClass, string> {
  const build = newBuild ? 'build-2026-12' : 'build-2026-11';
  const suffix = (name: string) => createHash('sha1').update(`${build}/${name}`).digest('base64url').slice(0, 6);
  // upload-btn keeps its double dash, as the real module class does.
  return Object.fromEntries(
    HASHED.map((name) => [name, `${name}${name === 'upload-btn' ? '--' : '-'}${suffix(name)}`]),
  ) as Record<HashedClass, string>;
}
