import { execFile } from 'node:child_process';
import { basename, dirname, extname } from 'node:path';
import { promisify } from 'node:util';

/** A font the renderer can burn subtitles with: `value` is the family libass matches, `path` its file. */
export interface ClipFont {
  value: string;
  path: string;
}

/** Parses `fc-list : family file` lines ("/path/x.ttc: Family A,Family B"). */
export function parseFcList(out: string): ClipFont[] {
  const fonts = new Map<string, ClipFont>();
  for (const line of out.split('\n')) {
    const colon = line.indexOf(': ');
    if (colon < 0) {
      continue;
    }
    const path = line.slice(0, colon).trim();
    const family = line
      .slice(colon + 2)
      .split(',')[0]
      ?.trim();
    if (family && !fonts.has(family)) {
      fonts.set(family, { value: family, path });
    }
  }
  return [...fonts.values()].sort((a, b) => a.value.localeCompare(b.value));
}

/** The Chinese-capable fonts on this host (fontconfig), for getFront and subtitle styles. */
export async function listChineseFonts(): Promise<ClipFont[]> {
  const { stdout } = await promisify(execFile)('fc-list', [':lang=zh', 'family', 'file']);
  return parseFcList(stdout);
}

/** The directory libass is pointed at for a font (its `fontsdir`). */
export function fontsDirOf(font: ClipFont | undefined): string {
  return font ? dirname(font.path) : '/usr/share/fonts';
}

/** Where the server serves the fonts it lists (getFront's `path`): the desktop syncs them, the web previews with them. */
export const FONT_URL_PREFIX = '/static/fonts/';

/** The URL of a listed font's file: its file name under FONT_URL_PREFIX (never its path on this host). */
export function fontUrlOf(font: ClipFont): string {
  return `${FONT_URL_PREFIX}${encodeURIComponent(basename(font.path))}`;
}

/** The listed font whose URL file name is `file`, if any: only listed files are ever served. */
export function fontByFileName(fonts: readonly ClipFont[], file: string): ClipFont | undefined {
  return fonts.find((font) => basename(font.path) === file);
}

const FONT_TYPES: Record<string, string> = {
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.ttc': 'font/collection',
  '.otc': 'font/collection',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** The content type of a font file by its extension. */
export function fontContentType(path: string): string {
  return FONT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}
