import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PRERENDER_DATA_ID, PRERENDER_ROOT_END, PRERENDER_ROOT_START } from '@vidmatrix/contract/prerender';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, login, type TestContext } from './helpers.ts';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const DOWNLOAD =
  '<!doctype html><html><head><title>APP下载</title></head><body><div id="root"><h1>下载</h1></div></body></html>';
/** As apps/web/scripts/prerender.mjs writes a page with content calls: its loading markup and an empty data block. */
const staticPage = (title: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${PRERENDER_ROOT_START}<p>加载中…</p>${PRERENDER_ROOT_END}{"queries":[]}</script></body></html>`;

/**
 * An imitation of the web build's server renderer (dist/ssr/prerender.js, built from apps/web/src/prerender.tsx):
 * it lists the pages' content calls as the web's PUBLIC_PAGES does, renders the change log's titles, and counts
 * its renders, so the server's part is tested without a web build.
 */
const RENDERER = `
globalThis.__renders = 0;
export const PUBLIC_PAGES = [
  { path: '/changeLog', data: [{ url: '/api/content.ChangeLog/list', key: ['content', 'changelog'] }] },
  { path: '/broken', data: [{ url: '/api/content.Nothing/here', key: ['content', 'nothing'] }] },
  { path: '/download' },
  {
    path: '/courseCenter',
    data: (query) =>
      query.get('id')
        ? [{ url: '/api/content.Course/detail?slug=' + encodeURIComponent(query.get('id')), key: ['content', 'course', query.get('id'), false] }]
        : [{ url: '/api/content.Course/list', key: ['content', 'courses'] }],
  },
];
globalThis.__paths = [];
export async function renderPage(path, queries) {
  globalThis.__renders += 1;
  globalThis.__paths.push(path);
  const [, answer] = queries[0];
  if (path.startsWith('/courseCenter?')) {
    return '<h2>' + answer.title + '</h2><ol>' + answer.chapters.map((c) => '<li>' + c.title + '</li>').join('') + '</ol>';
  }
  return '<ol>' + answer.map((entry) => '<li>' + entry.title + '</li>').join('') + '</ol>';
}
`;

/** A hashed asset of the build, large enough for the build to compress. */
const ASSET = 'assets/index-Bx12ab.js';
const ASSET_SOURCE = 'console.log("素材库");\n'.repeat(400);
const COMPRESS_SCRIPT = fileURLToPath(new URL('../../web/scripts/compress.mjs', import.meta.url));

const html = { accept: 'text/html' };
const renders = () => (globalThis as unknown as { __renders?: number }).__renders;
/** The URLs the imitation renderer was asked to render, in order. */
const renderedPaths = () => (globalThis as unknown as { __paths: string[] }).__paths;

/** The data block of a served page. */
function dataOf(body: string): { queries: [unknown[], unknown][] } {
  const match = new RegExp(`id="${PRERENDER_DATA_ID}">(.*?)</script>`).exec(body);
  return JSON.parse(match?.[1] ?? 'null') as { queries: [unknown[], unknown][] };
}

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vidmatrix-prerendered-'));
  fs.mkdirSync(path.join(webDist, 'prerendered'));
  fs.mkdirSync(path.join(webDist, 'ssr'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(webDist, 'prerendered', 'download.html'), DOWNLOAD);
  fs.writeFileSync(path.join(webDist, 'prerendered', 'changeLog.html'), staticPage('更新日志'));
  fs.writeFileSync(path.join(webDist, 'prerendered', 'broken.html'), staticPage('坏页'));
  fs.writeFileSync(path.join(webDist, 'prerendered', 'courseCenter.html'), staticPage('课程中心'));
  fs.writeFileSync(path.join(webDist, 'ssr', 'prerender.js'), RENDERER.padEnd(4096)); // large enough that only its folder keeps it uncompressed
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, ASSET), ASSET_SOURCE);
  // The web build's last step, on this imitation of its output.
  execFileSync(process.execPath, [COMPRESS_SCRIPT, webDist]);
  ctx = await createTestApp({ webDist });
});
afterAll(async () => {
  await ctx.close();
});

describe('pre-rendered public pages', () => {
  it('loads the server renderer when asked (main.ts, once listening), before any navigation', async () => {
    expect(renders()).toBeUndefined();
    await ctx.app.warmPublicPages();
    // The renderer module ran (it sets its counter on import) and rendered nothing yet.
    expect(renders()).toBe(0);
  });

  it('answers a navigation to a pre-rendered path with its HTML, others with index.html', async () => {
    for (const url of ['/download', '/download?from=home', '/download/']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(DOWNLOAD);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const other = await ctx.app.inject({ method: 'GET', url: '/customer/chat', headers: html });
    expect(other.body).toBe(INDEX);
    // A link preview or crawler (any Accept, or none) gets the same pre-rendered page, content included.
    for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/download', headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(DOWNLOAD);
    }
    const rendered = await ctx.app.inject({ method: 'GET', url: '/changeLog', headers: { accept: '*/*' } });
    expect(dataOf(rendered.body).queries).toHaveLength(1);
  });

  it('renders a page with content calls on their current answers and carries them, once per answer', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/content.ChangeLog/list' })).json<{
      data: { title: string }[];
    }>().data;
    expect(list.length).toBeGreaterThan(0);

    const first = await ctx.app.inject({ method: 'GET', url: '/changeLog', headers: html });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.body).toContain(`<title>更新日志</title>`);
    // The markup is the content, not the loading line, and the data block holds the call's answer.
    expect(first.body).not.toContain('加载中');
    expect(first.body).toContain(`<li>${list[0]?.title}</li>`);
    expect(dataOf(first.body).queries).toEqual([[['content', 'changelog'], list]]);
    const rendersAfterFirst = renders() ?? 0;

    // Same answer: served from memory.
    const again = await ctx.app.inject({ method: 'GET', url: '/changeLog', headers: html });
    expect(again.body).toBe(first.body);
    expect(renders()).toBe(rendersAfterFirst);

    // An operator changes the change log: the next visitor sees it.
    const { content } = ctx.app.services;
    const [doc, ...rest] = await content.documents(['changelog']);
    expect(doc).toBeDefined();
    await content.save([{ ...doc!, title: '<b>运营改过的标题</b>' }, ...rest], 'replace');
    const changed = await ctx.app.inject({ method: 'GET', url: '/changeLog', headers: html });
    expect(renders()).toBe(rendersAfterFirst + 1);
    expect(changed.body).toContain('<li><b>运营改过的标题</b></li>');
    // The data block cannot be closed or commented out by the content it carries.
    expect(changed.body).toContain('\\u003cb>运营改过的标题\\u003c/b>');
    expect(dataOf(changed.body).queries[0]?.[1]).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: '<b>运营改过的标题</b>' })]),
    );
  });

  it('serves the static page when the URL has a query string or a content call fails', async () => {
    const tagged = await ctx.app.inject({ method: 'GET', url: '/changeLog?from=home', headers: html });
    expect(tagged.body).toBe(staticPage('更新日志'));
    const broken = await ctx.app.inject({ method: 'GET', url: '/broken', headers: html });
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toBe(staticPage('坏页'));
  });

  it("renders a page whose content calls come from the query string on the visitor's answer for it", async () => {
    const detail = (
      await ctx.app.inject({ method: 'GET', url: '/api/content.Course/detail?slug=getting-started' })
    ).json<{ data: { title: string; chapters: { title: string; members_only: boolean; video: string }[] } }>().data;
    expect(detail.chapters.some((c) => c.members_only)).toBe(true);

    const res = await ctx.app.inject({ method: 'GET', url: '/courseCenter?id=getting-started', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<h2>${detail.title}</h2>`);
    expect(res.body).toContain(`<li>${detail.chapters[0]?.title}</li>`);
    // Rendered at the URL asked (the page reads `?id=` as the browser's router will), keyed as the page reads it.
    expect(renderedPaths().at(-1)).toBe('/courseCenter?id=getting-started');
    const [[key, answer]] = dataOf(res.body).queries as [[unknown[], typeof detail]];
    expect(key).toEqual(['content', 'course', 'getting-started', false]);
    // A visitor's view even when the navigation carries a member's token: members-only videos stay out.
    const { ApiToken: token } = await login(ctx.app);
    const member = await ctx.app.inject({
      method: 'GET',
      url: '/courseCenter?id=getting-started',
      headers: { ...html, ...auth(token) },
    });
    expect(member.body).toBe(res.body);
    for (const chapter of answer.chapters.filter((c) => c.members_only)) {
      expect(chapter.video).toBe('');
    }

    // Without `?id=`: the catalogue.
    const catalogue = await ctx.app.inject({ method: 'GET', url: '/courseCenter', headers: html });
    expect(dataOf(catalogue.body).queries[0]?.[0]).toEqual(['content', 'courses']);
  });

  it('serves the static page, never an error, for an unknown or hostile id', async () => {
    for (const id of [
      'no-such-course',
      encodeURIComponent('<script>alert(1)</script>'),
      encodeURIComponent('getting-started&slug=x'),
      encodeURIComponent('../../api/member.Member/info'),
      '%E0%A4%A',
      'a'.repeat(500),
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/courseCenter?id=${id}`, headers: html });
      expect(res.statusCode, id).toBe(200);
      expect(res.body, id).toBe(staticPage('课程中心'));
    }
  });

  it('does not send the server renderer to browsers', async () => {
    for (const encoding of ['', 'br, gzip']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/ssr/prerender.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('renderPage');
    }
  });

  it("sends the build's compressed copy of a file in the encoding the browser prefers", async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, encoding] of cases) {
      const headers = accept === undefined ? {} : { 'accept-encoding': accept };
      const res = await ctx.app.inject({ method: 'GET', url: `/${ASSET}`, headers });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      const body =
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(body.toString('utf8'), accept).toBe(ASSET_SOURCE);
      if (encoding !== undefined) {
        expect(res.rawPayload.length, accept).toBeLessThan(ASSET_SOURCE.length / 10);
      }
    }
    // The build compresses what it sends, not the server's renderer, nor files too small to gain.
    expect(fs.readdirSync(path.join(webDist, 'ssr'))).toEqual(['prerender.js']);
    expect(fs.existsSync(path.join(webDist, 'prerendered', 'download.html.br'))).toBe(false);
  });

  it('sends a page rendered on its data compressed to a browser that accepts it', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/changeLog', headers: html });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/changeLog',
        headers: { ...html, 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });
});
