import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { Code, fail, isEnvelope } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import {
  PRERENDER_ROOT_END,
  PRERENDER_ROOT_START,
  serializePrerenderData,
  type PrerenderQuery,
} from '@vidmatrix/contract/prerender';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { setupCrawlerFiles } from './crawler-files.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Loads the public pages' server renderer now (main.ts, once listening), not on the first visitor's navigation. */
    warmPublicPages: () => Promise<void>;
  }
}

/** Prefixes that never fall back to the web client's index.html. */
const SERVER_PREFIXES = ['/api', '/storage', '/static', '/websocket', '/healthz'];

/**
 * True for a GET of a page the client-side router answers (history fallback), whatever the Accept header:
 * link previews, uptime checks and crawlers accept any type. A missing file (`/x.png`) is a page only to a browser
 * asking for HTML, so a lost asset is a 404, not a page.
 */
export function isHistoryRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return false;
  }
  const pathname = request.url.split('?')[0] ?? '';
  if (SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) {
    return false;
  }
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') || (request.headers.accept ?? '').includes('text/html');
}

/** The encodings the web build writes beside its files (apps/web/scripts/compress.mjs) and rendered pages are sent in. */
type Encoding = 'br' | 'gzip';

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none (a q=0 refuses one). */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((token) => token.trim());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const weight = (encoding: string) => weights.get(encoding) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) {
    return 'br';
  }
  return weight('gzip') > 0 ? 'gzip' : undefined;
}

const compressWith: Record<Encoding, (html: string) => Promise<Buffer>> = {
  br: (html) =>
    promisify(brotliCompress)(html, {
      params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT },
    }),
  gzip: (html) => promisify(gzip)(html),
};

/** A page rendered on its data, with its compressed forms made on first request. */
interface RenderedPage {
  html: string;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** A content call a page is rendered on, and the key the page reads its answer under (the web's PageData). */
interface PageData {
  url: string;
  key: readonly unknown[];
}

/** What the web build's server renderer (apps/web/src/prerender.tsx, built to dist/ssr/prerender.js) exports. */
export interface PageRenderer {
  renderPage: (path: string, queries: PrerenderQuery[]) => Promise<string>;
  PUBLIC_PAGES: { path: string; data?: PageData[] | ((query: URLSearchParams) => PageData[]) }[];
}

/** Pages rendered on their data kept at once (a few per page: the product's and each agent brand's). */
const RENDERED_CACHE_SIZE = 64;

/**
 * Renders the pre-rendered pages that show content again on their content calls' current answers, so
 * the first paint is the final content (issue 12, LCP): the answers go into the page's data block and
 * the client hydrates on them. The calls are made as the visitor's own tokenless calls (same host, so an
 * agent's domain gets its brand); a page is rendered once per distinct answer, then served from memory.
 */
function dataPageRenderer(app: FastifyInstance, webDist: string) {
  const bundle = path.join(webDist, 'ssr', 'prerender.js');
  let renderer: Promise<PageRenderer> | undefined;
  const rendered = new Map<string, RenderedPage>();

  /** The static page with its #root markup and data block replaced. */
  function fill(page: string, markup: string, json: string): string {
    const start = page.indexOf(PRERENDER_ROOT_START);
    const end = page.indexOf(PRERENDER_ROOT_END);
    const close = page.indexOf('</script>', end);
    if (start < 0 || end < start || close < 0) {
      throw new Error('The pre-rendered page has no #root and data block to fill');
    }
    return `${page.slice(0, start + PRERENDER_ROOT_START.length)}${markup}${PRERENDER_ROOT_END}${json}${page.slice(close)}`;
  }

  /** The renderer, imported once: a large bundle (~0.6 s at load, far more under a TypeScript loader). */
  const load = () => (renderer ??= import(pathToFileURL(bundle).href) as Promise<PageRenderer>);

  return {
    available: fs.existsSync(bundle),
    load,
    /**
     * The page rendered on its data, or null when it has no content calls (for this query string: a page
     * whose calls are a list has them only on its bare path) or one of them fails.
     */
    async render(
      request: FastifyRequest,
      pathname: string,
      search: string | undefined,
      staticPage: string,
    ): Promise<RenderedPage | null> {
      const { renderPage, PUBLIC_PAGES } = await load();
      const pageData = PUBLIC_PAGES.find((page) => page.path === pathname)?.data;
      const data =
        typeof pageData === 'function'
          ? pageData(new URLSearchParams(search ?? ''))
          : search === undefined
            ? pageData
            : undefined;
      if (!data?.length) {
        return null;
      }
      const queries: PrerenderQuery[] = [];
      for (const { url, key } of data) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { host: request.headers.host ?? 'localhost', accept: 'application/json' },
        });
        const body: unknown = res.json();
        if (!isEnvelope(body) || body.code !== Code.ok) {
          return null;
        }
        queries.push([key, body.data]);
      }
      const json = serializePrerenderData({ queries });
      // Rendered at the URL asked, so the page reads the query string the browser's router will read.
      const url = search === undefined ? pathname : `${pathname}?${search}`;
      const cacheKey = `${url}\n${json}`;
      let page = rendered.get(cacheKey);
      if (page === undefined) {
        page = { html: fill(staticPage, await renderPage(url, queries), json), encoded: {} };
        if (rendered.size >= RENDERED_CACHE_SIZE) {
          rendered.delete(rendered.keys().next().value as string);
        }
        rendered.set(cacheKey, page);
      }
      return page;
    },
  };
}

/**
 * Serves the built web client at `/` (hashed assets cached forever, index.html never) with a
 * history fallback; everything else unknown is a 404 envelope. Without a build: API only.
 */
export async function setupWebClient(app: FastifyInstance, webDist: string): Promise<void> {
  const hasClient = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      cacheControl: false,
      // The build writes .br and .gz copies (apps/web/scripts/compress.mjs): sent as they are, no CPU per request.
      preCompressed: true,
      // The server renderer is read by this process, not sent to browsers.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      setHeaders(res, filePath) {
        const relative = path.relative(webDist, filePath).split(path.sep).join('/');
        res.setHeader(
          'cache-control',
          relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
    setupCrawlerFiles(app);
  } else {
    app.log.warn({ webDist }, 'No web client build found (index.html missing): serving the API only');
  }

  // Public pages pre-rendered at build time (apps/web/scripts/prerender.mjs), by path: `/home` → prerendered/home.html.
  const prerenderedDir = path.join(webDist, 'prerendered');
  const prerendered = new Set(
    hasClient && fs.existsSync(prerenderedDir)
      ? fs
          .readdirSync(prerenderedDir)
          .filter((name) => name.endsWith('.html'))
          .map((name) => `/${name.slice(0, -'.html'.length)}`)
      : [],
  );

  const dataPages = dataPageRenderer(app, webDist);
  const staticPages = new Map<string, string>();
  app.decorate('warmPublicPages', async () => {
    if (hasClient && dataPages.available) {
      await dataPages.load();
    }
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (hasClient && isHistoryRequest(request)) {
      const [rawPath = '', search] = request.url.split('?');
      const pathname = rawPath.replace(/\/$/, '');
      const page = prerendered.has(pathname) ? `prerendered${pathname}.html` : 'index.html';
      reply.header('cache-control', 'no-cache');
      // With a query string (a tab, a campaign tag) a page differs from its data render: the static one,
      // unless its content calls are made from the query (/courseCenter?id=).
      if (page !== 'index.html' && dataPages.available) {
        try {
          let staticPage = staticPages.get(pathname);
          if (staticPage === undefined) {
            staticPage = await fs.promises.readFile(path.join(webDist, page), 'utf8');
            staticPages.set(pathname, staticPage);
          }
          const rendered = await dataPages.render(request, pathname, search, staticPage);
          if (rendered !== null) {
            reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
            const encoding = preferredEncoding(request.headers['accept-encoding']);
            if (encoding === undefined) {
              return reply.send(rendered.html);
            }
            const body = await (rendered.encoded[encoding] ??= compressWith[encoding](rendered.html));
            return reply.header('content-encoding', encoding).send(body);
          }
        } catch (err) {
          request.log.warn({ err, pathname }, 'Rendering a public page on its data failed: serving it without');
        }
      }
      return reply.sendFile(page);
    }
    return reply.code(Code.notFound).send(fail(Msg.notFound, Code.notFound));
  });
}
