import { HEALTH_PATH, healthResult } from '@vidmatrix/contract/api/health';
import { envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';

/** GET /healthz: 200 when the database answers, else a 500 envelope (for load balancers). */
export const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { health } = app.services;

  app.get(
    HEALTH_PATH,
    { schema: { tags: ['health'], summary: 'Health check', response: { 200: envelopeOf(healthResult) } } },
    async () => ok(await health.check()),
  );

  done();
};
