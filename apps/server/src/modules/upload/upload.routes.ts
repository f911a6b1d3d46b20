import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../../plugins/auth.ts';
import { mediaDepsOf } from './upload-deps.ts';
import { MEMBER_HEADER, TUS_PATH, UPLOAD_CLEANUP_JOB, UploadService } from './upload.service.ts';

/** How often the cleanup of abandoned uploads runs, ms. */
const CLEANUP_EVERY_MS = 60 * 60_000;

/**
 * The tus endpoint of resumable uploads (POST create, HEAD offset, PATCH chunks, DELETE cancel), and
 * the hourly job removing uploads abandoned for a day.
 */
export const uploadRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const uploads = new UploadService(mediaDepsOf(app));
  const tus = uploads.createTusServer(app.tusLocker);
  app.jobs.handle(UPLOAD_CLEANUP_JOB, async () => {
    await uploads.cleanup();
  });
  app.addHook('onReady', async () => {
    await app.jobs.every(UPLOAD_CLEANUP_JOB, CLEANUP_EVERY_MS);
  });

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
