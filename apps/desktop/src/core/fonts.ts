import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FontItem } from '@vidmatrix/contract/api/desktop-sync';
import type { Logger } from './log.ts';

export interface FontSyncOptions {
  /** The local font folder the clip preview reads. */
  dir: string;
  /** Relative font paths resolve against the member's deployment. */
  serverUrl: string;
  log: Logger;
  fetch?: typeof fetch;
}

export interface FontSyncResult {
  downloaded: string[];
  skipped: string[];
  failed: string[];
}

/** The local file name of a font: the last path segment, reduced to safe characters. */
export function fontFileName(font: Pick<FontItem, 'path'>): string {
  const last = basename(new URL(font.path, 'http://x/').pathname);
  const safe = decodeURIComponent(last).replace(/[^\p{L}\p{N}._-]/gu, '_');
  return safe && safe !== '.' && safe !== '..'
    ? safe
    : createHash('sha256').update(font.path).digest('hex').slice(0, 16);
}

async function sizeOf(file: string): Promise<number | undefined> {
  return stat(file).then(
    (s) => s.size,
    () => undefined,
  );
}

/** True when the folder already holds this font: same size and, when the server lists one, same sha256. */
async function isSynced(file: string, font: FontItem): Promise<boolean> {
  const size = await sizeOf(file);
  if (size === undefined || (font.size !== undefined && size !== font.size)) {
    return false;
  }
  return (
    !font.sha256 ||
    createHash('sha256')
      .update(await readFile(file))
      .digest('hex') === font.sha256.toLowerCase()
  );
}

/**
 * Downloads each listed font once into the font folder, verifying its size and sha256 (when the server
 * gives them) before it appears under its final name. A font already there is skipped; a font that
 * fails is only logged (SPEC §8), so one bad entry never blocks the others.
 */
export async function syncFonts(fonts: FontItem[], options: FontSyncOptions): Promise<FontSyncResult> {
  const doFetch = options.fetch ?? fetch;
  const result: FontSyncResult = { downloaded: [], skipped: [], failed: [] };
  await mkdir(options.dir, { recursive: true });
  for (const font of fonts) {
    const name = fontFileName(font);
    const target = join(options.dir, name);
    if (await isSynced(target, font)) {
      result.skipped.push(name);
      continue;
    }
    const temp = `${target}.download`;
    try {
      const response = await doFetch(new URL(font.path, options.serverUrl));
      if (!response.ok || !response.body) {
        throw new Error(`HTTP ${response.status}`);
      }
      const announced = Number(response.headers.get('content-length') ?? NaN);
      const hash = createHash('sha256');
      const body = Readable.fromWeb(response.body);
      body.on('data', (chunk: Buffer) => hash.update(chunk));
      await pipeline(body, createWriteStream(temp));
      const size = await sizeOf(temp);
      const expectedSize = font.size ?? (Number.isFinite(announced) ? announced : undefined);
      if (expectedSize !== undefined && size !== expectedSize) {
        throw new Error(`size ${size} differs from ${expectedSize}`);
      }
      const sha256 = hash.digest('hex');
      if (font.sha256 && sha256 !== font.sha256.toLowerCase()) {
        throw new Error(`sha256 ${sha256} differs from ${font.sha256}`);
      }
      await rename(temp, target);
      result.downloaded.push(name);
      options.log.info('font downloaded', { font: font.value, file: name, size });
    } catch (error) {
      await rm(temp, { force: true });
      result.failed.push(name);
      options.log.warn('font sync failed', { font: font.value, path: font.path, error: String(error) });
    }
  }
  return result;
}

/**
 * A synced font's bytes, for the page's clip preview (it draws subtitles with the local copy), or null
 * when the font is not in the folder. Only the font folder is read: the name is fontFileName's.
 */
export async function readSyncedFont(
  dir: string,
  font: Pick<FontItem, 'value' | 'path'>,
): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    const bytes = await readFile(join(dir, fontFileName(font)));
    // A plain copy: IPC clones it to the page, which hands it to FontFace.
    const copy = new Uint8Array(bytes.length);
    copy.set(bytes);
    return copy;
  } catch {
    return null;
  }
}
