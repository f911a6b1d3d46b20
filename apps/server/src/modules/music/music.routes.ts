import { musicCates, musicList, musicListBody, MusicApi } from '@vidmatrix/contract/api/music';
import { envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../auth/request-member.ts';

/** Background music: categories and lists (system, or the member's own audio materials). */
export const musicRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { music } = app.services;

  // A failed seed (no ffmpeg) must not stop the server: it only means an empty system list.
  app.addHook('onReady', async () => {
    await music.seedSystemMusic().catch((err: unknown) => app.log.warn({ err }, 'System music seed failed'));
  });

  app.post(
    MusicApi.cates,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['music'],
        summary: 'Music categories',
        security: [{ memberToken: [] }],
        response: { 200: envelopeOf(musicCates) },
      },
    },
    async () => ok(await music.cates()),
  );

  app.post(
    MusicApi.list,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['music'],
        summary: 'System music or the member’s own music, paged',
        security: [{ memberToken: [] }],
        body: musicListBody.optional(),
        response: { 200: envelopeOf(musicList) },
      },
    },
    async (request) => ok(await music.list(currentMember(request).memberId, request.body ?? musicListBody.parse({}))),
  );

  done();
};
