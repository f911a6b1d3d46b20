import { storageInfo, FileSettingApi } from '@vidmatrix/contract/api/file-setting';
import { envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../auth/request-member.ts';

/** Upload settings of the member (the spec's "cloud storage credentials", without secrets). */
export const fileSettingRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { fileSetting } = app.services;

  app.get(
    FileSettingApi.info,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['file'],
        summary: 'Upload settings and space of the member',
        security: [{ memberToken: [] }],
        response: { 200: envelopeOf(storageInfo) },
      },
    },
    async (request) => ok(await fileSetting.storageInfo(currentMember(request).memberId)),
  );

  done();
};
