import { envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthResult = z.object({ status: z.literal('ok'), db: z.literal('ok') });

/** GET /healthz: 200 when the database answers, else a 500 envelope (for load balancers). */
export const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { health } = app.services;

  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'Health check', response: { 200: envelopeOf(healthResult) } } },
    async () => ok(await health.check()),
  );

  done();
};
