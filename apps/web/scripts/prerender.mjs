#!/usr/bin/env node
// Pre-renders the public pages (src/app/routes/public-pages.ts) to HTML after `vite build`: an SSR build of
// src/prerender.tsx renders each page with react-dom/static; the HTML goes into dist/index.html's root with
// the page's title, description, stylesheets (inlined) and module preloads, as dist/prerendered/<path>.html, followed
// by the (empty) data block. The server answers a browser navigation to that path with it (the client
// hydrates); for a page with content calls it renders the page again with their answers, from the SSR
// build left in dist/ssr (not served). Other paths get index.html.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { overBudget, PUBLIC_PAGE_BUDGET_KB, publicPageSizes } from './js-budget.mjs';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');
const ssrOut = join(dist, 'ssr');
const APP_NAME = 'AI获客矩阵';

const escapeHtml = (text) => text.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A stylesheet of the page inlined, so the first paint waits for no request after the HTML (on slow 4G each
 * stylesheet cost a round trip of ~600 ms, queued behind the module preloads). The disabled link stays so
 * the client's lazy route loading finds the file already present and does not fetch it again (a disabled
 * stylesheet is neither fetched nor applied).
 */
const inlineStyle = (file) =>
  `<style>${readFileSync(join(dist, file), 'utf8').replaceAll('</style', '<\\/style')}</style><link rel="stylesheet" href="/${file}" disabled />`;

await build({
  root: webRoot,
  configFile: join(webRoot, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    manifest: false,
    rolldownOptions: { output: { codeSplitting: false } },
  },
  ssr: { noExternal: true },
});

const { renderPage, PUBLIC_PAGES, PRERENDER_ROOT_START, PRERENDER_ROOT_END } = await import(
  pathToFileURL(join(ssrOut, 'prerender.js')).href
);
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
/** `html` with each stylesheet it links (and has not inlined yet) inlined. */
const inlineLinkedStyles = (html) =>
  html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file) =>
    link.includes('disabled') ? link : inlineStyle(file),
  );
// The entry's own stylesheet (linked by index.html) is inlined like the pages' ones, in the console's shell
// too: its boot frame then paints with the HTML alone, not one slow-4G round trip later (issue 25).
const indexHtml = inlineLinkedStyles(readFileSync(join(dist, 'index.html'), 'utf8'));
writeFileSync(join(dist, 'index.html'), indexHtml);
// The console's boot frame (a skeleton of the console) is the SPA shell's alone: a public page paints itself.
const template = indexHtml.replace(/\s*<!-- boot-frame[\s\S]*?<!-- \/boot-frame -->/g, '');

/** The CSS and JS files a module pulls in, its static imports included. */
function assetsOf(key, seen = new Set(), css = new Set(), js = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) {
    return { css, js };
  }
  seen.add(key);
  js.add(chunk.file);
  (chunk.css ?? []).forEach((file) => css.add(file));
  (chunk.imports ?? []).forEach((dep) => assetsOf(dep, seen, css, js));
  return { css, js };
}

rmSync(join(dist, 'prerendered'), { recursive: true, force: true });
mkdirSync(join(dist, 'prerendered'), { recursive: true });
for (const page of PUBLIC_PAGES) {
  const html = await renderPage(page.path);
  const css = new Set();
  const js = new Set();
  page.modules.forEach((module) => assetsOf(module, new Set(), css, js));
  const head = [
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    // What index.html already links is left out.
    ...[...css].filter((file) => !template.includes(file)).map(inlineStyle),
    ...[...js].filter((file) => !template.includes(file)).map((file) => `<link rel="modulepreload" href="/${file}" />`),
  ].join('\n    ');
  const out = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${page.title} - ${APP_NAME}`)}</title>`)
    .replace('</head>', `    ${head}\n  </head>`)
    .replace(
      `${PRERENDER_ROOT_START}</div>`,
      `${PRERENDER_ROOT_START}${html}${PRERENDER_ROOT_END}{"queries":[]}</script>`,
    );
  if (out === template || !out.includes(html)) {
    throw new Error(`index.html has no empty #root to fill for ${page.path}`);
  }
  writeFileSync(join(dist, 'prerendered', `${page.path.replace(/^\//, '') || 'index'}.html`), out);
  console.log(
    `prerendered ${page.path.padEnd(16)} ${(html.length / 1024).toFixed(1)} KB HTML, ${css.size} CSS, ${js.size} JS`,
  );
}

// Issue 12's budget, kept by every build (CI builds before its browser tests): a public page whose
// first-visit JS outgrows it fails the build, naming the page. `npm run bundle-size -w @vidmatrix/web`
// prints every page's figure.
const sizes = publicPageSizes(dist);
const over = overBudget(sizes);
if (over.length > 0) {
  throw new Error(`JS budget of the public pages exceeded:\n${over.join('\n')}`);
}
const largest = sizes.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
console.log(
  `JS budget: ${sizes.length} public pages within ${PUBLIC_PAGE_BUDGET_KB} KB gzip (largest ${largest.route}: ${largest.gzipKB} KB)`,
);
