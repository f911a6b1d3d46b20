import { AccountApi, platformList, platformListQuery } from '@vidmatrix/contract/api/enterprise-account';
import { envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';

/** The platform list (public: the login-free pages name platforms too). */
export const platformRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { platforms } = app.services;

  app.post(
    AccountApi.platformList,
    {
      schema: {
        tags: ['setting'],
        summary: 'Platforms (remarks filters by name; limit 0: all)',
        querystring: platformListQuery,
        response: { 200: envelopeOf(platformList) },
      },
    },
    async (request) => ok(await platforms.list(request.query)),
  );

  done();
};
