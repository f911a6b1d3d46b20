import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Code, fail } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Prefixes that never fall back to the web client's index.html. */
const SERVER_PREFIXES = ['/api', '/storage', '/static', '/websocket', '/healthz'];

/** True for a browser navigation the client-side router should answer (history fallback). */
export function isHistoryRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return false;
  }
  const pathname = request.url.split('?')[0] ?? '';
  if (SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) {
    return false;
  }
  return (request.headers.accept ?? '').includes('text/html');
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
      setHeaders(res, filePath) {
        const relative = path.relative(webDist, filePath).split(path.sep).join('/');
        res.setHeader(
          'cache-control',
          relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
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

  app.setNotFoundHandler((request, reply) => {
    if (hasClient && isHistoryRequest(request)) {
      const pathname = (request.url.split('?')[0] ?? '').replace(/\/$/, '');
      const page = prerendered.has(pathname) ? `prerendered${pathname}.html` : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    return reply.code(Code.notFound).send(fail(Msg.notFound, Code.notFound));
  });
}
