import { memberInfo, menusResult, MemberApi } from '@vidmatrix/contract/api/member';
import { envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../auth/request-member.ts';

/** Member info and menus. */
export const memberRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { members } = app.services;
  const secured = { tags: ['member'], security: [{ memberToken: [] }] };

  app.get(
    MemberApi.info,
    {
      preHandler: app.authenticate,
      schema: { ...secured, summary: 'Member info', response: { 200: envelopeOf(memberInfo) } },
    },
    async (request) => ok(await members.info(currentMember(request).memberId)),
  );

  // Despite the name, menus are per member (through its roles), so a token is required; the
  // client only calls it with one.
  app.post(
    MemberApi.menus,
    {
      preHandler: app.authenticate,
      schema: { ...secured, summary: 'Menus of the member', response: { 200: envelopeOf(menusResult) } },
    },
    async (request) => ok({ menus: await members.menus(currentMember(request).memberId) }),
  );

  done();
};
