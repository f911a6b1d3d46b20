import {
  ClipTemplateApi,
  clipLookPreviews,
  clipTemplateIdBody,
  clipTemplateItem,
  clipTemplateList,
  clipTemplateSaveBody,
} from '@vidmatrix/contract/api/clip-template';
import { CLIP_LOOKS_RATE_PER_MINUTE } from '@vidmatrix/contract/constants';
import { emptyEnvelope, envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember, perMemberRateLimit } from '../auth/request-member.ts';

/** Clip templates: seoaivideo.VideoTemplate/* (seeded ones and the member's own, with previews). */
export const clipTemplateRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { clipTemplates } = app.services;
  const secured = { tags: ['clip'], security: [{ memberToken: [] }] };

  app.post(
    ClipTemplateApi.list,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "Seeded clip templates and the member's own, with preview images",
        response: { 200: envelopeOf(clipTemplateList) },
      },
    },
    async (request) => ok(await clipTemplates.list(currentMember(request).memberId)),
  );

  app.post(
    ClipTemplateApi.looks,
    {
      preHandler: app.authenticate,
      // Each call reads storage (and the first renders); the console asks once per load.
      config: perMemberRateLimit(CLIP_LOOKS_RATE_PER_MINUTE),
      schema: {
        ...secured,
        summary: 'A preview image of every look and transition, drawn by the filters the videos use',
        response: { 200: envelopeOf(clipLookPreviews) },
      },
    },
    async () => ok(await clipTemplates.lookPreviews()),
  );

  app.post(
    ClipTemplateApi.save,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Saves a clip template of the member and renders its preview',
        body: clipTemplateSaveBody,
        response: { 200: envelopeOf(clipTemplateItem) },
      },
    },
    async (request) => ok(await clipTemplates.save(currentMember(request).memberId, request.body)),
  );

  app.post(
    ClipTemplateApi.dele,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Deletes a clip template of the member',
        body: clipTemplateIdBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await clipTemplates.remove(currentMember(request).memberId, request.body.id);
      return ok({});
    },
  );

  done();
};
