import {
  aiLeadOverview,
  approveReplyBody,
  discardReplyBody,
  replyRule,
  replyRuleIdBody,
  replyRuleListResult,
  replyRuleSaveBody,
  replySettings,
  replySettingsBody,
  ReplyRuleApi,
} from '@vidmatrix/contract/api/reply-rule';
import { emptyEnvelope, envelopeOf, ok } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../auth/request-member.ts';

/** Reply rules, the member's facts for AI replies, approval of drafted replies, and the AI获客 overview. */
export const replyRuleRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { replyRules } = app.services;
  const secured = { tags: ['customer'], security: [{ memberToken: [] }] };
  const member = (request: FastifyRequest) => currentMember(request).memberId;

  app.post(
    ReplyRuleApi.list,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Reply rules, in the order tried',
        response: { 200: envelopeOf(replyRuleListResult) },
      },
    },
    async (request) => ok({ list: await replyRules.list(member(request)) }),
  );

  app.post(
    ReplyRuleApi.save,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Create (no rule_id) or change a reply rule',
        body: replyRuleSaveBody,
        response: { 200: envelopeOf(replyRule) },
      },
    },
    async (request) => ok(await replyRules.save(member(request), request.body), Msg.replySaved),
  );

  app.post(
    ReplyRuleApi.remove,
    {
      preHandler: app.authenticate,
      schema: { ...secured, summary: 'Delete a reply rule', body: replyRuleIdBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await replyRules.remove(member(request), request.body.rule_id);
      return ok({}, Msg.deleted);
    },
  );

  app.post(
    ReplyRuleApi.settings,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Business description, product facts and the hourly cap of automatic replies',
        response: { 200: envelopeOf(replySettings) },
      },
    },
    async (request) => ok(await replyRules.settings(member(request))),
  );

  app.post(
    ReplyRuleApi.saveSettings,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Save the reply settings',
        body: replySettingsBody,
        response: { 200: envelopeOf(replySettings) },
      },
    },
    async (request) => ok(await replyRules.saveSettings(member(request), request.body), Msg.replySaved),
  );

  app.post(
    ReplyRuleApi.approve,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Send a drafted reply (content: the member’s edit)',
        body: approveReplyBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await replyRules.approve(member(request), request.body.message_id, request.body.content);
      return ok({}, Msg.replyApproved);
    },
  );

  app.post(
    ReplyRuleApi.discard,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Discard a drafted reply',
        body: discardReplyBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await replyRules.discard(member(request), request.body.message_id);
      return ok({}, Msg.replyDiscarded);
    },
  );

  app.post(
    ReplyRuleApi.overview,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Per account: harvesting, last read, items today, leads, replies sent, re-authorization',
        response: { 200: envelopeOf(aiLeadOverview) },
      },
    },
    async (request) => ok(await replyRules.overview(member(request))),
  );

  done();
};
