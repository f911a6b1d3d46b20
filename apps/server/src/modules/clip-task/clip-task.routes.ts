import { setOssMediaUrlBody } from '@vidmatrix/contract/api/material';
import { emptyEnvelope, ok } from '@vidmatrix/contract/envelope';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../../plugins/auth.ts';

/** Clip tasks: seoaivideo.BatchVideo/*. */
export const clipTaskRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { clipTasks } = app.services;

  app.post(
    '/api/seoaivideo.BatchVideo/setOssMediaUrl',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['clip'],
        summary: 'Stores the media a clip task step produced',
        security: [{ memberToken: [] }],
        body: setOssMediaUrlBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await clipTasks.setStepMedia(currentMember(request).memberId, request.body);
      return ok({});
    },
  );

  done();
};
