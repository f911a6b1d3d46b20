import { levelInfo, MemberApi } from '@vidmatrix/contract/api/member';
import { envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../auth/request-member.ts';

/** Console: level info. */
export const consoleRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { members } = app.services;

  app.get(
    MemberApi.levelInfo,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['console'],
        summary: 'Level info of the member',
        security: [{ memberToken: [] }],
        response: { 200: envelopeOf(levelInfo) },
      },
    },
    async (request) => ok(await members.levelInfo(currentMember(request).memberId)),
  );

  done();
};
