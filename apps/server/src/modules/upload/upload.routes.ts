import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../auth/request-member.ts';
import { MEMBER_HEADER, TUS_PATH } from './upload.service.ts';

/** The tus endpoint of resumable uploads (POST create, HEAD offset, PATCH chunks, DELETE cancel). */
export const uploadRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const tus = app.services.uploads.createTusServer(app.tusLocker);

  // Chunks stream straight into the tus store; Fastify must not buffer or parse them.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, next) => next(null));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const memberId = String(currentMember(request).memberId);
    // tus reads rawHeaders: drop any client-sent copy of the trusted header, then set ours.
    const raw = request.raw.rawHeaders;
    for (let i = raw.length - 2; i >= 0; i -= 2) {
      if (raw[i]?.toLowerCase() === MEMBER_HEADER) {
        raw.splice(i, 2);
      }
    }
    raw.push(MEMBER_HEADER, memberId);
    request.raw.headers[MEMBER_HEADER] = memberId;
    // A hijacked reply skips Fastify's header writing: hand the security headers to node directly.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) {
        reply.raw.setHeader(name, value);
      }
    }
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  for (const url of [TUS_PATH, `${TUS_PATH}/:name`]) {
    app.route({
      method: ['POST', 'HEAD', 'PATCH', 'DELETE'],
      url,
      preHandler: app.authenticate,
      schema: { hide: true },
      handler,
    });
  }

  done();
};
