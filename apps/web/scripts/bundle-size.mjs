#!/usr/bin/env node
// Prints the gzip size of the JavaScript a first visit needs for /home and /dashboard:
// the entry chunk, the lazy route chunks of that page (layout + page), and every static import
// of those, read from dist/.vite/manifest.json. Usage: node apps/web/scripts/bundle-size.mjs [--json] [--dist <dir>]
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const distArg = process.argv.indexOf('--dist');
const dist =
  distArg > 0 ? resolve(process.argv[distArg + 1] ?? '') : join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The lazy route modules each measured page loads on a cold visit (source paths as in the manifest). */
const ROUTES = {
  '/home': ['src/app/layouts/site-layout.tsx', 'src/features/site/pages/home-page.tsx'],
  '/dashboard': ['src/app/layouts/console-layout.tsx', 'src/app/routes/dashboard-route.tsx'],
  // Public pages under the query outlet (budget 120 KB like /home).
  '/download': [
    'src/app/layouts/site-layout.tsx',
    'src/app/layouts/query-outlet.tsx',
    'src/features/site/pages/download-page.tsx',
  ],
  '/agentCenter': ['src/app/layouts/site-layout.tsx', 'src/features/agent/pages/agent-center-page.tsx'],
  // The pre-rendered content pages (src/app/routes/public-pages.ts), same budget.
  ...Object.fromEntries(
    [
      ['/changeLog', 'change-log-page'],
      ['/subscribe', 'subscribe-page'],
      ['/live', 'live-page'],
      ['/productDetail', 'product-detail-page'],
      ['/userCourseCenter', 'course-catalog-page'],
      ['/protocol', 'protocol-page'],
    ].map(([route, page]) => [
      route,
      ['src/app/layouts/site-layout.tsx', 'src/app/layouts/query-outlet.tsx', `src/features/content/pages/${page}.tsx`],
    ]),
  ),
};

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  throw new Error('no entry in the manifest: build with build.manifest enabled');
}

function collect(key, files) {
  const chunk = manifest[key];
  if (!chunk) {
    throw new Error(`${key} is not in the manifest`);
  }
  if (files.has(chunk.file)) {
    return;
  }
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) {
    collect(dep, files);
  }
}

const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

const result = {};
for (const [route, modules] of Object.entries(ROUTES)) {
  const files = new Set();
  collect(entryKey, files);
  modules.forEach((module) => collect(module, files));
  const js = [...files].filter((file) => file.endsWith('.js'));
  const bytes = js.reduce((sum, file) => sum + gzipped(file), 0);
  result[route] = { gzipBytes: bytes, gzipKB: Number((bytes / 1024).toFixed(1)), files: js.length };
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result));
} else {
  for (const [route, { gzipKB, files }] of Object.entries(result)) {
    console.log(`${route.padEnd(17)} ${String(gzipKB).padStart(7)} KB gzip JS  (${files} files)`);
  }
}
