import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { brandAssets } from './brand-assets.ts';

/** GET /static/<group>/<file>.svg: logos and avatars drawn by the server. */
export const brandRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/static/:group/:file',
    { schema: { hide: true, params: z.object({ group: z.string(), file: z.string() }) } },
    (request, reply) => {
      const svg = brandAssets.get(`/static/${request.params.group}/${request.params.file}`);
      if (svg === undefined) {
        throw notFound();
      }
      reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400');
      return svg;
    },
  );
  done();
};
