#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of dist after the build, for the server
// to send to a browser that accepts them (@fastify/static `preCompressed`): the JS of a first visit is about
// a quarter of its size on the wire, and the server spends no CPU per request on it. dist/ssr (read by the
// server, never sent) is left alone. Usage: node scripts/compress.mjs [dist directory].
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
/** Text the server sends; images, fonts and media carry their own compression. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map', '.ico']);
/** Below this, a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Every file under `dir` but dist/ssr, as absolute paths. */
async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !relative(dist, file).startsWith('ssr'));
}

const files = (await filesUnder(dist)).filter((file) => COMPRESSIBLE.has(extname(file)));
let count = 0;
let before = 0;
let after = 0;
// zlib's async calls run on libuv's thread pool, so these run side by side.
await Promise.all(
  files.map(async (file) => {
    const source = await readFile(file);
    if (source.length < MIN_BYTES) {
      return;
    }
    const [br, gzipped] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(source, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    count += 1;
    before += source.length;
    after += br.length;
  }),
);
console.log(
  `compressed ${count} files: ${(before / 1024 / 1024).toFixed(1)} MB → ${(after / 1024 / 1024).toFixed(1)} MB brotli`,
);
