import {
  aiServiceBody,
  avatarBody,
  avatarResult,
  endSessionBody,
  memberSessions,
  profileBody,
  UserCenterApi,
} from '@vidmatrix/contract/api/user-center';
import { emptyEnvelope, envelopeOf, ok } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../auth/request-member.ts';

/** The user centre: profile, avatar and the member's signed-in sessions. */
export const userCenterRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { auth, profiles } = app.services;
  const secured = { tags: ['member'], security: [{ memberToken: [] }] };

  app.post(
    UserCenterApi.updateProfile,
    {
      preHandler: app.authenticate,
      schema: { ...secured, summary: 'Change nickname and phone', body: profileBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await profiles.update(currentMember(request).memberId, request.body);
      return ok(null, Msg.updated);
    },
  );

  app.post(
    UserCenterApi.updateAvatar,
    {
      preHandler: app.authenticate,
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        ...secured,
        summary: 'Upload the cropped avatar',
        body: avatarBody,
        response: { 200: envelopeOf(avatarResult) },
      },
    },
    async (request) =>
      ok({ avatar_url: await profiles.updateAvatar(currentMember(request).memberId, request.body) }, Msg.updated),
  );

  app.post(
    UserCenterApi.updateAiService,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Turn the AI customer-service window on or off, with its name and link',
        body: aiServiceBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await profiles.updateAiService(currentMember(request).memberId, request.body);
      return ok(null, Msg.aiServiceSaved);
    },
  );

  app.get(
    UserCenterApi.sessions,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Signed-in sessions of the member',
        response: { 200: envelopeOf(memberSessions) },
      },
    },
    async (request) => ok(await auth.listSessions(currentMember(request))),
  );

  app.post(
    UserCenterApi.endSession,
    {
      preHandler: app.authenticate,
      schema: { ...secured, summary: 'Sign one session out', body: endSessionBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await auth.endSession(currentMember(request), request.body.session_id);
      return ok(null, Msg.sessionEnded);
    },
  );

  done();
};
