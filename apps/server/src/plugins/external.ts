import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { WEBHOOK_SIGNATURE_HEADER } from '@vidmatrix/contract/api/customer';
import { DocsApi } from '@vidmatrix/contract/api/health';
import { Code } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.ts';

/** Options of the third-party plugins. */
export interface ExternalOptions {
  /** Shared rate-limit counters across instances; in-memory when absent. */
  redis: Redis | undefined;
  /** Key prefix of the rate-limit counters (tests isolate themselves with their own). */
  rateLimitNamespace: string;
  /** Origin objects are read from when it is not this server's (the s3 driver's bucket or CDN). */
  storageOrigin: string | undefined;
}

/** Helmet's options: its default headers and our CSP (the browser reads objects from `storage`). */
function helmetOptions(storage: string[]): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles inline at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Thumbnails and images, video and audio previews, and library images fetched for cropping.
        imgSrc: ["'self'", 'data:', 'blob:', ...storage],
        mediaSrc: ["'self'", 'blob:', ...storage],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...storage],
        // The AI customer-service window embeds the member's configured https page.
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Self-hosted installs often run on plain http inside a LAN.
        upgradeInsecureRequests: null,
      },
    },
  };
}

/** Security headers, rate limiting (per route, opt-in) and the OpenAPI docs at /api/docs. */
export async function setupExternal(app: FastifyInstance, options: ExternalOptions): Promise<void> {
  // Helmet rebuilds every header (CSP included) per request; the set never changes, so it is read
  // once. Given to Fastify's reply (not res.setHeader), they reach node in one writeHead call, which
  // costs a third less per request (bench/member-info).
  const securityHeaders = Object.fromEntries(
    await helmetHeaders(helmetOptions(options.storageOrigin ? [options.storageOrigin] : [])),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });

  await app.register(rateLimit, {
    global: false,
    nameSpace: options.rateLimitNamespace,
    ...(options.redis ? { redis: options.redis } : {}),
    // A Redis outage must not lock everybody out of signing in.
    skipOnError: true,
    errorResponseBuilder: () => new AppError(Code.tooMany, Msg.tooManyAttempts),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vidmatrix API',
        description: 'AI获客矩阵 server API (SPEC §7)',
        version: '0.1.0',
      },
      // Relative: the document is served by the API it describes, behind whatever host and proxy.
      servers: [{ url: '/', description: '本服务' }],
      components: {
        securitySchemes: {
          memberToken: { type: 'apiKey', in: 'header', name: 'memberToken' },
          runnerToken: { type: 'apiKey', in: 'header', name: 'runnerToken' },
          // With its timestamp and member id headers: the operation's description says how to sign.
          webhookSignature: { type: 'apiKey', in: 'header', name: WEBHOOK_SIGNATURE_HEADER },
        },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const schema = output.schema as { security?: Record<string, string[]>[]; response?: Record<string, unknown> };
      return {
        ...output,
        schema: {
          ...output.schema,
          operationId: operationIdOf(input.url),
          // A route that names no token is public, and says so (openapi.test.ts calls each one without a token).
          security: schema.security ?? [],
          // Every refusal is the envelope with the HTTP status equal to its code (plugins/error-handler.ts);
          // the GET routes that declare no answer are the downloads, which send a file.
          response: {
            ...(schema.response ?? (input.route.method === 'GET' ? { 200: FILE_SCHEMA } : {})),
            '4XX': FAIL_ENVELOPE_SCHEMA,
          },
        },
      };
    },
    // Schemas with a registry id (.meta({ id })) become components/schemas, so recursion resolves.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: DocsApi.ui });
}

/** A refusal as the documents show it: `msg` says what is wrong, in Chinese. */
const FAIL_ENVELOPE_SCHEMA = {
  description: '请求被拒绝：msg 说明原因',
  type: 'object',
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: { type: 'null' } },
  required: ['code', 'msg', 'data'],
};

/** A download's answer. */
const FILE_SCHEMA = { description: '文件内容', type: 'string', format: 'binary' };

/** A unique operationId from the path: `/api/member.Member/info` → `member_Member_info`. */
export function operationIdOf(url: string): string {
  return url
    .replace(/^\/api\//, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The headers helmet sets with these options, read once from a scratch instance. */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify();
  let headers: [string, string][] = [];
  await probe.register(helmet, options);
  probe.addHook('onRequest', (_request, reply, done) => {
    headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]);
    done();
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return headers;
}
