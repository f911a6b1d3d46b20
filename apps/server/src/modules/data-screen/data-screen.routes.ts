import { dataScreenOverview, DataScreenApi } from '@vidmatrix/contract/api/data-screen';
import { envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../auth/request-member.ts';

/** The large data screen's figures (the member's own). */
export const dataScreenRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { dataScreen } = app.services;
  app.get(
    DataScreenApi.overview,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['console'],
        security: [{ memberToken: [] }],
        summary: 'Accounts, materials, leads, messages and publishes of the member',
        response: { 200: envelopeOf(dataScreenOverview) },
      },
    },
    async (request) => ok(await dataScreen.overview(currentMember(request).memberId)),
  );
  done();
};
