import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
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
