#!/usr/bin/env node
// Prints the gzip size of the JavaScript a first visit needs, against its budget, and exits 1 when a page
// is over: every pre-rendered public page (the module script and preloads of its HTML, js-budget.mjs:
// 120 KB like /home) and /dashboard (250 KB), the latter from dist/.vite/manifest.json (the entry chunk,
// the page's lazy route modules and their static imports). Usage: node apps/web/scripts/bundle-size.mjs [--json] [--dist <dir>]
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipBytes, PUBLIC_PAGE_BUDGET_KB, publicPageSizes } from './js-budget.mjs';

const distArg = process.argv.indexOf('--dist');
const dist =
  distArg > 0 ? resolve(process.argv[distArg + 1] ?? '') : join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** Pages without a pre-rendered HTML: the lazy route modules each loads on a cold visit, and its budget. */
const ROUTES = {
  '/dashboard': {
    modules: ['src/app/layouts/console-layout.tsx', 'src/app/routes/dashboard-route.tsx'],
    budgetKB: 250,
  },
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

const result = {};
for (const { route, gzipBytes: bytes, gzipKB, files } of publicPageSizes(dist)) {
  result[route] = { gzipBytes: bytes, gzipKB, files, budgetKB: PUBLIC_PAGE_BUDGET_KB };
}
for (const [route, { modules, budgetKB }] of Object.entries(ROUTES)) {
  const files = new Set();
  collect(entryKey, files);
  modules.forEach((module) => collect(module, files));
  const js = [...files].filter((file) => file.endsWith('.js'));
  const bytes = gzipBytes(dist, js);
  result[route] = { gzipBytes: bytes, gzipKB: Number((bytes / 1024).toFixed(1)), files: js.length, budgetKB };
}

const over = Object.entries(result).filter(([, size]) => size.gzipBytes > size.budgetKB * 1024);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result));
} else {
  for (const [route, { gzipKB, files, budgetKB }] of Object.entries(result)) {
    const mark = gzipKB > budgetKB ? '  OVER BUDGET' : '';
    console.log(`${route.padEnd(17)} ${String(gzipKB).padStart(7)} KB gzip JS of ${budgetKB} (${files} files)${mark}`);
  }
}
if (over.length > 0) {
  console.error(`over budget: ${over.map(([route]) => route).join(', ')}`);
  process.exitCode = 1;
}
