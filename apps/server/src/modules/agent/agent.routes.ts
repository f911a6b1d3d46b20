import {
  agentApplication,
  agentApplyBody,
  agentBrandBody,
  agentCenter,
  agentLogoBody,
  agentLogoResult,
  AgentApi,
} from '@vidmatrix/contract/api/agent';
import { emptyEnvelope, envelopeOf, ok } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../auth/request-member.ts';

/** The agent programme: a member's application and an agent's white-label brand. */
export const agentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { agents } = app.services;
  const secured = { tags: ['agent'], security: [{ memberToken: [] }] };

  app.get(
    AgentApi.center,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Application, brand and members of the agent centre',
        response: { 200: envelopeOf(agentCenter) },
      },
    },
    async (request) => ok(await agents.center(currentMember(request).memberId)),
  );

  app.post(
    AgentApi.apply,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Apply to the agent programme',
        body: agentApplyBody,
        response: { 200: envelopeOf(agentApplication) },
      },
    },
    async (request) => ok(await agents.apply(currentMember(request).memberId, request.body), Msg.agentApplied),
  );

  app.post(
    AgentApi.updateBrand,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "An agent's name, logos, wechat flag and domain",
        body: agentBrandBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await agents.updateBrand(currentMember(request).memberId, request.body);
      return ok(null, Msg.updated);
    },
  );

  app.post(
    AgentApi.uploadLogo,
    {
      preHandler: app.authenticate,
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        ...secured,
        summary: "Upload one of an agent's logos",
        body: agentLogoBody,
        response: { 200: envelopeOf(agentLogoResult) },
      },
    },
    async (request) =>
      ok({ url: await agents.uploadLogo(currentMember(request).memberId, request.body) }, Msg.uploaded),
  );

  done();
};
