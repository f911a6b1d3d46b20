/**
 * The data a pre-rendered public page carries (issue 12): the answers of its public content calls, by the
 * keys the page reads them under (apps/web/src/lib/page-data.ts), so the page's first paint is its final
 * content and the browser hydrates it without asking again. Build time (apps/web/scripts/prerender.mjs)
 * writes an empty block; the server (apps/server/src/plugins/web-client.ts) fills it, and the page's HTML,
 * on each navigation.
 * No zod here: the browser's first bundle reads it.
 */

/**
 * Id of the `<script type="application/json">` block holding the data. A JSON block, not an inline
 * script: the CSP allows no inline script, and its presence alone marks a pre-rendered page.
 */
export const PRERENDER_DATA_ID = 'vm-prerendered';

/** The HTML that closes #root and opens the data block: the server finds the page's markup before it. */
export const PRERENDER_ROOT_END = `</div><script type="application/json" id="${PRERENDER_DATA_ID}">`;

/** The HTML that opens #root in index.html. */
export const PRERENDER_ROOT_START = '<div id="root">';

/** A key and the data the page's call answered. */
export type PrerenderQuery = [key: readonly unknown[], data: unknown];

export interface PrerenderData {
  queries: PrerenderQuery[];
}

/** The JSON of the data block, safe inside `<script>`: no `<` can close it or open a comment. */
export function serializePrerenderData(data: PrerenderData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** The data of a page's data block (its text), or null when the page has none or it is not ours. */
export function parsePrerenderData(text: string | null | undefined): PrerenderData | null {
  if (!text) {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<PrerenderData>;
    return { queries: Array.isArray(parsed.queries) ? parsed.queries : [] };
  } catch {
    return null;
  }
}
