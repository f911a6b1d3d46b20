import {
  ClipTaskApi,
  clipFonts,
  clipPreview,
  clipTaskAddBody,
  clipTaskAdded,
  clipTaskIdBody,
  clipTaskInfo,
  clipTaskList,
  clipTaskListBody,
  clipScriptDrafts,
  clipVoice,
  clipWriteBody,
} from '@vidmatrix/contract/api/clip-task';
import {
  ClipVoiceApi,
  clipVoiceList,
  clipVoicePreview,
  clipVoicePreviewBody,
} from '@vidmatrix/contract/api/clip-voice';
import { setOssMediaUrlBody } from '@vidmatrix/contract/api/material';
import { emptyEnvelope, envelopeOf, ok } from '@vidmatrix/contract/envelope';
import { createReadStream } from 'node:fs';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { fontContentType } from '../../media/clip/fonts.ts';
import { currentMember } from '../auth/request-member.ts';

/** Clip tasks: seoaivideo.BatchVideo/*, and the fonts (seoaivideo.BatchPublish/getFront). */
export const clipTaskRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { clipTasks, clipCatalog, clipRender } = app.services;
  const secured = { tags: ['clip'], security: [{ memberToken: [] }] };

  app.post(
    ClipTaskApi.setOssMediaUrl,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Stores the media a clip task step produced',
        body: setOssMediaUrlBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await clipTasks.setStepMedia(currentMember(request).memberId, request.body);
      return ok({});
    },
  );

  app.post(
    ClipTaskApi.getFront,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Fonts the renderer can burn text with',
        response: { 200: envelopeOf(clipFonts) },
      },
    },
    async () => ok(await clipCatalog.publicFonts()),
  );

  app.post(
    ClipTaskApi.getVoice,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'The voice narration is spoken with, and whether it is robotic',
        response: { 200: envelopeOf(clipVoice) },
      },
    },
    () => ok(clipCatalog.voice()),
  );

  app.post(
    ClipVoiceApi.list,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Every voice the configured speech provider offers, named in Chinese',
        response: { 200: envelopeOf(clipVoiceList) },
      },
    },
    async () => ok(await clipCatalog.voices()),
  );

  app.post(
    ClipVoiceApi.preview,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'A fixed sentence in a voice at a speed and volume, as a WAV to play',
        body: clipVoicePreviewBody,
        response: { 200: envelopeOf(clipVoicePreview) },
      },
    },
    async (request) => ok(await clipCatalog.voicePreview(request.body)),
  );

  // The font files getFront lists, public like any web font: the desktop syncs them, the subtitle preview draws with them.
  app.get(
    '/static/fonts/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(255) }) } },
    async (request, reply) => {
      const file = await clipCatalog.fontFile(request.params.file);
      if (file === undefined) {
        throw notFound();
      }
      reply.type(fontContentType(file)).header('cache-control', 'public, max-age=86400');
      return reply.send(createReadStream(file));
    },
  );

  app.post(
    ClipTaskApi.add,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Plans a clip task and queues one render per video',
        body: clipTaskAddBody,
        response: { 200: envelopeOf(clipTaskAdded) },
      },
    },
    async (request) => ok(await clipTasks.add(currentMember(request).memberId, request.body)),
  );

  app.post(
    ClipTaskApi.preview,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Renders a few low-resolution seconds of the first video',
        body: clipTaskAddBody,
        response: { 200: envelopeOf(clipPreview) },
      },
    },
    async (request) => ok(await clipRender.preview(currentMember(request).memberId, request.body)),
  );

  app.post(
    ClipTaskApi.list,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "The member's clip tasks",
        body: clipTaskListBody,
        response: { 200: envelopeOf(clipTaskList) },
      },
    },
    async (request) => ok(await clipTasks.list(currentMember(request).memberId, request.body.page, request.body.limit)),
  );

  app.post(
    ClipTaskApi.info,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'A clip task with its videos',
        body: clipTaskIdBody,
        response: { 200: envelopeOf(clipTaskInfo) },
      },
    },
    async (request) => ok(await clipTasks.info(currentMember(request).memberId, request.body.id)),
  );

  app.post(
    ClipTaskApi.writeScript,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Writes narration scripts from product facts (帮我写文案)',
        body: clipWriteBody,
        response: { 200: envelopeOf(clipScriptDrafts) },
      },
    },
    async (request) => ok(await clipCatalog.writeScripts(request.body.textContext, request.body.count)),
  );

  for (const [path, summary, action] of [
    [ClipTaskApi.cancel, 'Cancels a clip task', 'cancel'],
    [ClipTaskApi.retry, 'Renders the failed videos again', 'retry'],
    [ClipTaskApi.dele, 'Deletes a clip task (its videos stay in the library)', 'remove'],
  ] as const) {
    app.post(
      path,
      {
        preHandler: app.authenticate,
        schema: { ...secured, summary, body: clipTaskIdBody, response: { 200: emptyEnvelope } },
      },
      async (request) => {
        await clipTasks[action](currentMember(request).memberId, request.body.id);
        return ok({});
      },
    );
  }

  done();
};
