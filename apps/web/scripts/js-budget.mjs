// The JS budget of the public pages (issue 12: each within 120 KB gzip, like /home), measured on the build:
// a pre-rendered page's HTML (dist/prerendered) names the JS a first visit fetches before the page runs,
// its module script and module preloads, which are the entry's and the page's route modules' static
// imports. Used by prerender.mjs, which fails the build over budget, and by bundle-size.mjs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget of every pre-rendered public page's first-visit JS, KB gzip. */
export const PUBLIC_PAGE_BUDGET_KB = 120;

/** The JS files an HTML page loads before any lazy import, as paths under dist (`assets/x.js`). */
export function scriptsOf(html) {
  const files = new Set();
  for (const [tag] of html.matchAll(/<script\b[^>]*>|<link\b[^>]*>/g)) {
    const module = /\btype="module"/.test(tag) || /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="\/([^"]+\.js)"/.exec(tag)?.[1];
    if (module && url) {
      files.add(url);
    }
  }
  return [...files];
}

/** Gzip size (level 9, as a server's static compression) of dist files, bytes. */
export function gzipBytes(dist, files) {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
}

/** Every pre-rendered page's first-visit JS: `{ route, gzipBytes, gzipKB, files }`, by route. */
export function publicPageSizes(dist) {
  const dir = join(dist, 'prerendered');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => {
      const files = scriptsOf(readFileSync(join(dir, name), 'utf8'));
      const bytes = gzipBytes(dist, files);
      return {
        route: `/${name.replace(/\.html$/, '')}`,
        gzipBytes: bytes,
        gzipKB: Number((bytes / 1024).toFixed(1)),
        files: files.length,
      };
    });
}

/** The pages over budget, as lines for an error message (empty when all fit). */
export function overBudget(sizes, budgetKB = PUBLIC_PAGE_BUDGET_KB) {
  return sizes
    .filter((size) => size.gzipBytes > budgetKB * 1024)
    .map((size) => `${size.route} loads ${size.gzipKB} KB gzip of JS before it runs (budget ${budgetKB} KB)`);
}
