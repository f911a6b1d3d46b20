import { LOGIN_RATE_PER_MINUTE } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, login, TEST_INDEX_HTML, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('envelope', () => {
  it('unknown /api paths answer a 404 envelope, for any method and even for browsers', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/member.Nope/nope', headers: html });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: Msg.notFound, data: null });
    }
  });

  it('malformed JSON is a 400 envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/member.Login/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: Msg.invalidParams, data: null });
  });

  it('rate-limits sign-in routes per address with a 429 envelope', async () => {
    const remoteAddress = '192.0.2.77';
    const hit = () => ctx.app.inject({ method: 'GET', url: '/api/member.Login/captcha', remoteAddress });
    for (let i = 0; i < LOGIN_RATE_PER_MINUTE; i++) {
      expect((await hit()).statusCode).toBe(200);
    }
    const limited = await hit();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 429, msg: Msg.tooManyAttempts, data: null });
    // Another address is not affected.
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/member.Login/captcha',
      remoteAddress: '192.0.2.78',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('web client', () => {
  it('serves index.html at / without caching', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(TEST_INDEX_HTML);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client routes', async () => {
    for (const url of ['/home', '/customer/chat', '/clip/AddTask?mode=1']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(TEST_INDEX_HTML);
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  it('answers a page path with the page whatever the Accept header (link previews, uptime checks, crawlers)', async () => {
    for (const accept of [undefined, '*/*', 'application/json']) {
      for (const url of ['/home', '/changeLog', '/courseCenter?id=getting-started', '/customer/chat']) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { accept } });
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.body).toBe(TEST_INDEX_HTML);
      }
    }
  });

  it('does not fall back for server prefixes, other methods or a missing file asked by a non-browser', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/member.Nope/nope', headers: { accept: '*/*' } })).json(),
    ).toEqual({ code: 404, msg: Msg.notFound, data: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/storage/x.png', headers: html })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/gone-1a2b.js' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/home', headers: html })).statusCode).toBe(404);
  });

  it('caches hashed assets forever', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-3f9a1c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a CSP allowing inline styles and blob media', async () => {
    const csp = String(
      (await ctx.app.inject({ method: 'GET', url: '/', headers: html })).headers['content-security-policy'],
    );
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("media-src 'self' blob:");
    expect(csp).toContain("img-src 'self' data: blob:");
    // Strict for script (the desktop shell loads this console): own files only, no inline, no eval.
    expect(csp).toMatch(/(^|;)\s*script-src 'self';/);
    expect(csp).toContain("object-src 'none'");
  });
});

describe('crawler files', () => {
  it('robots.txt allows the public pages and their assets, not the console, and names the host’s sitemap', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'www.example.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining(['User-agent: *', 'Allow: /home$', 'Allow: /courseCenter?', 'Disallow: /']),
    );
    expect(lines).toContain('Sitemap: http://www.example.test/sitemap.xml');
    // Console and sign-in pages are covered by nothing but the final Disallow.
    for (const path of ['/material', '/customer', '/dashboard', '/login', '/api']) {
      expect(
        lines.filter((line) => line.startsWith(`Allow: ${path}`)),
        path,
      ).toEqual([]);
    }
  });

  it('sitemap.xml lists the public pages on the host asked, so each agent domain gets its own', async () => {
    for (const host of ['www.example.test', 'brand.example.test:8443']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/xml');
      const locs = [...res.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toContain(`http://${host}/home`);
      expect(locs).toContain(`http://${host}/changeLog`);
      expect(locs.some((loc) => loc?.includes('/material/') || loc?.endsWith('/login'))).toBe(false);
    }
  });
});

describe('security headers', () => {
  const expectSecurityHeaders = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(headers['content-security-policy'])).toContain("default-src 'self'");
  };

  it('are on API answers, refusals and the hijacked tus replies alike', async () => {
    const { ApiToken } = await login(ctx.app);
    expectSecurityHeaders(
      (await ctx.app.inject({ method: 'GET', url: '/api/member.Member/info', headers: auth(ApiToken) })).headers,
    );
    expectSecurityHeaders((await ctx.app.inject({ method: 'GET', url: '/api/member.Member/info' })).headers);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/file.Upload/tus',
      headers: {
        ...auth(ApiToken),
        'tus-resumable': '1.0.0',
        'upload-length': '100',
        'upload-metadata': `filename ${Buffer.from('a.mp4').toString('base64')}`,
      },
    });
    expect(created.statusCode).toBe(201);
    expectSecurityHeaders(created.headers);
  });
});

describe('operations', () => {
  it('healthz checks the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toMatchObject({ code: 200, msg: 'success', data: { status: 'ok', db: 'ok' } });
    // This machine has ffmpeg; the check tells /debugger where it came from and whether clips can render.
    const { media } = res.json<{ data: { media: { source: string; version: string; hint: string } } }>().data;
    expect(media.source).not.toBe('none');
    expect(media.version).not.toBe('');
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/member.Login/login', '/api/member.Member/info', '/api/file.Setting/info']),
    );
  });
});
