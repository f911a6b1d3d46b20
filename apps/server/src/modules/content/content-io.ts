import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CONTENT_KINDS } from '@vidmatrix/contract/api/content';
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import { formatContentFile, isContentKind, MEDIA_FIELDS, parseContentFile, type ContentDoc } from './content-files.ts';
import type { ContentService } from './content.service.ts';

/** File of the levels' prices and features in an import or export directory. */
export const LEVELS_FILE = 'levels.yml';
/** Directory of media files; front matter names them as `media/<path>`. */
export const MEDIA_DIR = 'media';

const levelsFile = z.array(
  z.object({
    level_id: z.number().int().positive(),
    name: z.string().optional(),
    price: z.number().int().min(0),
    features: z.array(z.string()),
  }),
);

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.mp3': 'audio/mpeg',
};

/** What an import wrote. */
export interface ImportSummary {
  documents: number;
  media: number;
  levels: number;
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
function walk(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) {
    return [];
  }
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/** Media paths (`media/…`) a document's front matter names. */
function mediaRefs(doc: ContentDoc): string[] {
  return MEDIA_FIELDS.map((field) => doc.meta[field]).filter(
    (value): value is string => typeof value === 'string' && value.startsWith(`${MEDIA_DIR}/`),
  );
}

/**
 * Reads `<dir>/<kind>/<slug>.md` documents, `<dir>/media/**` files and `<dir>/levels.yml` into the
 * database and storage. Everything is checked first: one bad file writes nothing, and the error
 * names every bad file.
 */
export async function importContent(dir: string, content: ContentService): Promise<ImportSummary> {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw new Error(`${dir} is not a directory`);
  }
  const errors: string[] = [];
  const docs: ContentDoc[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === MEDIA_DIR) {
      continue;
    }
    if (!isContentKind(entry.name)) {
      errors.push(`${entry.name}/: unknown kind (one of ${CONTENT_KINDS.join(', ')})`);
      continue;
    }
    for (const file of fs.readdirSync(path.join(dir, entry.name)).filter((f) => f.endsWith('.md'))) {
      const rel = `${entry.name}/${file}`;
      try {
        docs.push(parseContentFile(entry.name, file.slice(0, -3), fs.readFileSync(path.join(dir, rel), 'utf8')));
      } catch (error) {
        errors.push(`${rel}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  const mediaFiles = walk(path.join(dir, MEDIA_DIR)).map((rel) => `${MEDIA_DIR}/${rel}`);
  const present = new Set(mediaFiles);
  for (const doc of docs) {
    for (const ref of mediaRefs(doc)) {
      if (!present.has(ref) && !(await content.hasMedia(ref))) {
        errors.push(`${doc.kind}/${doc.slug}.md: ${ref} is neither in the directory nor in storage`);
      }
    }
  }
  let levels: z.infer<typeof levelsFile> = [];
  const levelsPath = path.join(dir, LEVELS_FILE);
  if (fs.existsSync(levelsPath)) {
    const parsed = levelsFile.safeParse(parse(fs.readFileSync(levelsPath, 'utf8')));
    if (parsed.success) {
      levels = parsed.data;
    } else {
      errors.push(
        `${LEVELS_FILE}: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`,
      );
    }
  }
  if (errors.length > 0) {
    throw new Error(`nothing imported:\n  ${errors.join('\n  ')}`);
  }
  for (const rel of mediaFiles) {
    const type = CONTENT_TYPES[path.extname(rel).toLowerCase()] ?? 'application/octet-stream';
    await content.putMedia(rel, fs.readFileSync(path.join(dir, rel)), type);
  }
  await content.save(docs, 'replace');
  await content.setLevelOffers(levels, false);
  return { documents: docs.length, media: mediaFiles.length, levels: levels.length };
}

/** Writes every document, the media they name and the levels' offers under `dir` (import's layout). */
export async function exportContent(dir: string, content: ContentService): Promise<ImportSummary> {
  const docs = await content.documents(CONTENT_KINDS);
  let media = 0;
  for (const doc of docs) {
    const file = path.join(dir, doc.kind, `${doc.slug}.md`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, formatContentFile(doc));
    for (const ref of mediaRefs(doc)) {
      if (!(await content.hasMedia(ref))) {
        continue;
      }
      const target = path.join(dir, ...ref.split('/'));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      await pipeline(await content.readMedia(ref), fs.createWriteStream(target));
      media += 1;
    }
  }
  const levels = await content.levelOffers();
  fs.writeFileSync(path.join(dir, LEVELS_FILE), stringify(levels, { lineWidth: 0 }));
  return { documents: docs.length, media, levels: levels.length };
}
