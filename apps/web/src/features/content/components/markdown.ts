/** A block of the small Markdown subset content documents use. */
export type MdBlock =
  | { type: 'heading'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'paragraph'; text: string };

/** An inline run: plain text, `code` or **strong**. */
export type MdInline = { type: 'text' | 'code' | 'strong'; text: string };

const ITEM = /^\s*(?:[-*]|(\d+)\.)\s+(.*)$/;

/**
 * Splits content Markdown into headings, lists and paragraphs (what the seed and operators write);
 * anything else reads as a paragraph. Rendered as React text, so no HTML is ever injected.
 */
export function parseMarkdown(source: string): MdBlock[] {
  const blocks: MdBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) {
      blocks.push({ type: 'paragraph', text: paragraph.join('') });
      paragraph = [];
    }
    if (list) {
      blocks.push({ type: 'list', ...list });
      list = null;
    }
  };
  for (const line of source.split(/\r?\n/)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const item = ITEM.exec(line);
    if (line.trim() === '') {
      flush();
    } else if (heading) {
      flush();
      blocks.push({ type: 'heading', text: heading[1] ?? '' });
    } else if (item) {
      const ordered = item[1] !== undefined;
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) {
        flush();
      }
      list ??= { ordered, items: [] };
      list.items.push(item[2] ?? '');
    } else if (list) {
      // A continuation line of the last item.
      list.items[list.items.length - 1] += line.trim();
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

/** Splits a line into plain, `code` and **strong** runs. */
export function parseInline(text: string): MdInline[] {
  const runs: MdInline[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) {
      runs.push({ type: 'text', text: text.slice(last, match.index) });
    }
    runs.push(match[1] !== undefined ? { type: 'code', text: match[1] } : { type: 'strong', text: match[2] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < text.length) {
    runs.push({ type: 'text', text: text.slice(last) });
  }
  return runs;
}
