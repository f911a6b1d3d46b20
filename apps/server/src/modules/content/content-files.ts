import {
  CONTENT_KINDS,
  contentKind,
  contentMeta,
  contentSlug,
  type ContentKind,
} from '@vidmatrix/contract/api/content';
import { parse, stringify } from 'yaml';
import { z } from 'zod';

/** A content document as an operator writes it: `<kind>/<slug>.md`, front matter then Markdown. */
export interface ContentDoc {
  kind: ContentKind;
  slug: string;
  title: string;
  sort: number;
  /** The kind's front matter (validated by contract/api/content.ts `contentMeta`). */
  meta: Record<string, unknown>;
  body: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const common = z.object({ title: z.string().min(1), sort: z.number().int().min(0).default(0) });

/** Front matter fields that name a media file (relative to the import directory's `media/`). */
export const MEDIA_FIELDS = ['video', 'cover', 'image', 'replay'] as const;

/**
 * Parses one Markdown file with YAML front matter into a document; throws an Error naming the
 * field when the front matter does not fit its kind.
 */
export function parseContentFile(kind: string, slug: string, text: string): ContentDoc {
  const k = contentKind.parse(kind);
  const s = contentSlug.parse(slug);
  const match = FRONT_MATTER.exec(text);
  if (!match) {
    throw new Error('missing front matter (--- … ---)');
  }
  const raw: unknown = parse(match[1] ?? '') ?? {};
  const head = common.safeParse(raw);
  if (!head.success) {
    throw new Error(issueText(head.error));
  }
  const meta = contentMeta[k].safeParse(raw);
  if (!meta.success) {
    throw new Error(issueText(meta.error));
  }
  return {
    kind: k,
    slug: s,
    title: head.data.title,
    sort: head.data.sort,
    meta: meta.data,
    body: (match[2] ?? '').trim(),
  };
}

/** Writes a document back as Markdown with front matter (title, sort, then its kind's fields). */
export function formatContentFile(doc: ContentDoc): string {
  const head = stringify({ title: doc.title, sort: doc.sort, ...doc.meta }, { lineWidth: 0 }).trimEnd();
  return `---\n${head}\n---\n\n${doc.body.trim()}\n`;
}

/** Checks a stored meta JSON against its kind; the defaults fill anything missing. */
export function metaOf<K extends ContentKind>(kind: K, json: string): z.output<(typeof contentMeta)[K]> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = {};
  }
  return contentMeta[kind].parse(value) as z.output<(typeof contentMeta)[K]>;
}

/** True for a kind directory of an import. */
export function isContentKind(name: string): name is ContentKind {
  return (CONTENT_KINDS as readonly string[]).includes(name);
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'front matter'}: ${issue.message}` : 'invalid front matter';
}

/** A level's offer as the seed and the importer set it. */
export interface LevelOffer {
  level_id: number;
  price: number;
  features: string[];
}

/** A seeded document; its body trimmed of the template literal's edges. */
export function seedDoc(
  kind: ContentDoc['kind'],
  slug: string,
  title: string,
  meta: Record<string, unknown>,
  body: string,
  sort = 0,
): ContentDoc {
  return { kind, slug, title, sort, meta, body: body.trim() };
}
