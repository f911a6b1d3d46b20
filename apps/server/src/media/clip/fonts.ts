import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { collectionFace } from './font-collection.ts';

/**
 * A font the renderer can burn subtitles with: `value` is the family libass matches, `path` its file and
 * `index` the face in that file (a collection such as wqy-microhei.ttc holds several families).
 */
export interface ClipFont {
  value: string;
  path: string;
  index?: number;
}

/** Parses `fc-list : family file index` lines ("/path/x.ttc: Family A,Family B:index=1"). */
export function parseFcList(out: string): ClipFont[] {
  const fonts = new Map<string, ClipFont>();
  for (const line of out.split('\n')) {
    const colon = line.indexOf(': ');
    if (colon < 0) {
      continue;
    }
    const path = line.slice(0, colon).trim();
    const [families = '', index] = line.slice(colon + 2).split(':index=');
    const family = families.split(',')[0]?.trim();
    if (family && !fonts.has(family)) {
      fonts.set(family, index === undefined ? { value: family, path } : { value: family, path, index: Number(index) });
    }
  }
  return [...fonts.values()].sort((a, b) => a.value.localeCompare(b.value));
}

/** The Chinese-capable fonts on this host (fontconfig), for getFront and subtitle styles. */
export async function listChineseFonts(): Promise<ClipFont[]> {
  const { stdout } = await promisify(execFile)('fc-list', [':lang=zh', 'family', 'file', 'index']);
  return parseFcList(stdout);
}

/** The directory libass is pointed at for a font's own file (its `fontsdir`); the system's fonts without one. */
export function fontsDirOf(font: ClipFont | undefined): string {
  return font ? dirname(font.path) : '/usr/share/fonts';
}

/** Where the server serves the fonts it lists (getFront's `path`): the desktop syncs them, the web previews with them. */
export const FONT_URL_PREFIX = '/static/fonts/';

const COLLECTIONS: Record<string, string> = { '.ttc': '.ttf', '.otc': '.otf' };

/**
 * The file name a listed font is served (and the desktop syncs it) under: its own file's name, or for a
 * face of a collection a single-face font of its own (`wqy-microhei-1.ttf`): browsers read only a
 * collection's first face, and Chromium refuses wqy-microhei.ttc altogether ("FFTM: misaligned table").
 */
export function servedFontName(font: ClipFont): string {
  const ext = extname(font.path);
  const single = COLLECTIONS[ext.toLowerCase()];
  return single ? `${basename(font.path, ext)}-${font.index ?? 0}${single}` : basename(font.path);
}

/** The URL of a listed font's file: its served name under FONT_URL_PREFIX (never its path on this host). */
export function fontUrlOf(font: ClipFont): string {
  return `${FONT_URL_PREFIX}${encodeURIComponent(servedFontName(font))}`;
}

/** The listed font whose served file name is `file`, if any: only listed files are ever served. */
export function fontByFileName(fonts: readonly ClipFont[], file: string): ClipFont | undefined {
  return fonts.find((font) => servedFontName(font) === file);
}

/**
 * The served file of a font, made once in `dir` (the server's fonts folder): a collection's face extracted
 * into a single-face font, any other font linked to its file. The subtitle renderer reads this folder, so
 * a video is drawn with the very file the member previewed and the desktop synced.
 */
export async function servedFontFile(font: ClipFont, dir: string): Promise<string> {
  const target = join(dir, servedFontName(font));
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  ) {
    return target;
  }
  await mkdir(dir, { recursive: true });
  if (COLLECTIONS[extname(font.path).toLowerCase()]) {
    // Written aside, then renamed: a concurrent request never reads half a font.
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, collectionFace(await readFile(font.path), font.index ?? 0));
    await rename(temp, target);
  } else {
    await symlink(font.path, target).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') {
        throw err;
      }
    });
  }
  return target;
}

/** Size and sha256 of a served font file: getFront lists them so the desktop verifies the copy it syncs. */
export async function fontDigest(file: string): Promise<{ size: number; sha256: string }> {
  const bytes = await readFile(file);
  return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The server's folder of served font files under a render scratch directory. */
export function servedFontsDir(workDir: string): string {
  return join(workDir, 'fonts');
}

/**
 * The fonts folder libass reads for a render: the served folder, holding (among others served) the files
 * of the listed fonts the render names (title and subtitle; the first listed when it names none listed).
 */
export async function renderFontsDir(
  listed: readonly ClipFont[],
  families: readonly (string | undefined)[],
  workDir: string,
): Promise<string> {
  const named = listed.filter((font) => families.includes(font.value));
  const used = named.length > 0 ? named : listed.slice(0, 1);
  if (used.length === 0) {
    return fontsDirOf(undefined);
  }
  const dir = servedFontsDir(workDir);
  await Promise.all(used.map((font) => servedFontFile(font, dir)));
  return dir;
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
