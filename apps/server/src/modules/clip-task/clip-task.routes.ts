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
  clipWriteBody,
} from '@vidmatrix/contract/api/clip-task';
import { setOssMediaUrlBody } from '@vidmatrix/contract/api/material';
import { emptyEnvelope, envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../../plugins/auth.ts';

const member = { tags: ['clip'], security: [{ memberToken: [] }] };

/** Clip tasks: seoaivideo.BatchVideo/*, and the fonts (seoaivideo.BatchPublish/getFront). */
export const clipTaskRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { clipTasks } = app.services;

  app.post(
    ClipTaskApi.setOssMediaUrl,
    {
      preHandler: app.authenticate,
      schema: {
        ...member,
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
      schema: { ...member, summary: 'Fonts the renderer can burn text with', response: { 200: envelopeOf(clipFonts) } },
    },
    async () => ok(await clipTasks.fonts()),
  );

  app.post(
    ClipTaskApi.add,
    {
      preHandler: app.authenticate,
      schema: {
        ...member,
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
        ...member,
        summary: 'Renders a few low-resolution seconds of the first video',
        body: clipTaskAddBody,
        response: { 200: envelopeOf(clipPreview) },
      },
    },
    async (request) => ok(await clipTasks.preview(currentMember(request).memberId, request.body)),
  );

  app.post(
    ClipTaskApi.list,
    {
      preHandler: app.authenticate,
      schema: {
        ...member,
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
        ...member,
        summary: 'A clip task with its videos',
        body: clipTaskIdBody,
        response: { 200: envelopeOf(clipTaskInfo) },
      },
    },
    async (request) => ok(await clipTasks.info(currentMember(request).memberId, request.body.id)),
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
        schema: { ...member, summary, body: clipTaskIdBody, response: { 200: emptyEnvelope } },
      },
      async (request) => {
        await clipTasks[action](currentMember(request).memberId, request.body.id);
        return ok({});
      },
    );
  }

  app.post(
    ClipTaskApi.writeScript,
    {
      preHandler: app.authenticate,
      schema: {
        ...member,
        summary: 'Writes N narration scripts from product facts (OpenAI-compatible LLM)',
        body: clipWriteBody,
        response: { 200: envelopeOf(clipScriptDrafts) },
      },
    },
    async (request) => ok(await clipTasks.writeScripts(request.body.textContext, request.body.count)),
  );

  done();
};
