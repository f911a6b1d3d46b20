import { INDEXED_PUBLIC_PATHS } from '@vidmatrix/contract/console-paths';
import { Code, fail } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Paths of the two files crawlers ask every host for. */
export const ROBOTS_PATH = '/robots.txt';
export const SITEMAP_PATH = '/sitemap.xml';

/**
 * The origin a request was made to (scheme from X-Forwarded-Proto behind a trusted proxy), so an agent's
 * own domain gets files naming its own URLs; null for a Host header that is not a host name.
 */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | null {
  try {
    const url = new URL(`${request.protocol}://${request.host}`);
    return url.host === '' ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * robots.txt: the public pages (bare or with a query string) and the build's assets they load are
 * allowed, everything else (console, API, storage) is not. `$` ends a rule, so /home does not open /homeLogin.
 */
export function robotsTxt(origin: string | null): string {
  const allowed = INDEXED_PUBLIC_PATHS.flatMap((path) => [`Allow: ${path}$`, `Allow: ${path}?`]);
  return [
    'User-agent: *',
    'Allow: /$',
    ...allowed,
    'Allow: /assets/',
    'Disallow: /',
    ...(origin === null ? [] : ['', `Sitemap: ${origin}${SITEMAP_PATH}`]),
    '',
  ].join('\n');
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** sitemap.xml (sitemaps.org 0.9) of the public pages on `origin`. */
export function sitemapXml(origin: string): string {
  const urls = INDEXED_PUBLIC_PATHS.map(
    (path) => `  <url><loc>${`${origin}${path}`.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c)}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Serves /robots.txt and /sitemap.xml for the host asked: the house's and each agent's domain alike. */
export function setupCrawlerFiles(app: FastifyInstance): void {
  const hidden = { schema: { hide: true } };
  app.get(ROBOTS_PATH, hidden, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(robotsTxt(requestOrigin(request))),
  );
  app.get(SITEMAP_PATH, hidden, async (request, reply) => {
    const origin = requestOrigin(request);
    if (origin === null) {
      // No URLs can be written for a Host that is not a host name: nothing to list.
      return reply.code(Code.notFound).send(fail(Msg.notFound, Code.notFound));
    }
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(sitemapXml(origin));
  });
}
