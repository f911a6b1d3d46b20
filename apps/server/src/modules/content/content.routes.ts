import {
  agreeBody,
  agreementDoc,
  agreementQuery,
  agreementStatus,
  changelogList,
  courseCatalogue,
  courseDetail,
  courseDetailQuery,
  downloadInfo,
  helpList,
  helpQuery,
  liveList,
  pageSections,
  pricingLevels,
  sectionsQuery,
  upgradeBody,
  upgradeResult,
  ContentApi,
} from '@vidmatrix/contract/api/content';
import { envelopeOf, ok } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { Code } from '@vidmatrix/contract/envelope';
import { currentMember, tokenOf } from '../auth/request-member.ts';
import { brandContent } from '../agent/agent-brand.ts';

/** Seconds a shared cache (CDN, browser) may keep a public content answer. */
const PUBLIC_MAX_AGE_S = 60;

/** Marks an answer that is the same for every visitor as cacheable. */
function cacheable(reply: FastifyReply): void {
  reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_S}`);
}

/** The public site's content (issue 12): public cacheable reads, and the member's agreement and upgrade. */
export const contentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { content, auth, agents } = app.services;

  // White-label: on an agent's own domain the content names the agent's brand, not the product.
  app.addHook('preSerialization', async (request, _reply, payload) =>
    brandContent(payload, await agents.brandForHost(request.hostname)),
  );

  /** The signed-in member of a public call, or null; answers that depend on it are private. */
  async function optionalMember(request: FastifyRequest, reply: FastifyReply): Promise<number | null> {
    const token = tokenOf(request);
    reply.header('vary', 'memberToken');
    if (!token) {
      cacheable(reply);
      return null;
    }
    reply.header('cache-control', 'private, no-store');
    try {
      return (await auth.authenticate(token)).memberId;
    } catch {
      return null;
    }
  }

  app.addHook('onReady', async () => {
    await content.seed().catch((err: unknown) => app.log.warn({ err }, 'Content seed failed'));
  });

  app.get(
    ContentApi.changelog,
    {
      schema: { tags: ['content'], summary: 'Change log, newest first', response: { 200: envelopeOf(changelogList) } },
    },
    async (_request, reply) => {
      cacheable(reply);
      return ok(await content.changelog());
    },
  );

  app.get(
    ContentApi.pricingLevels,
    {
      schema: {
        tags: ['content'],
        summary: 'Membership levels as the server enforces them; the caller’s level when signed in',
        response: { 200: envelopeOf(pricingLevels) },
      },
    },
    async (request, reply) => ok(await content.pricing(await optionalMember(request, reply))),
  );

  app.post(
    ContentApi.pricingUpgrade,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['content'],
        summary: 'Request a higher level (an operator handles it; no payment provider here)',
        security: [{ memberToken: [] }],
        body: upgradeBody,
        response: { 200: envelopeOf(upgradeResult) },
      },
    },
    async (request) => {
      const id = await content.requestUpgrade(
        currentMember(request).memberId,
        request.body.level_id,
        request.body.remark,
      );
      return ok({ request_id: id, status: 'pending' as const }, Msg.upgradeRequested);
    },
  );

  app.get(
    ContentApi.courseList,
    {
      schema: {
        tags: ['content'],
        summary: 'Course categories with their courses',
        response: { 200: envelopeOf(courseCatalogue) },
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return ok(await content.catalogue());
    },
  );

  app.get(
    ContentApi.courseDetail,
    {
      schema: {
        tags: ['content'],
        summary: 'A course with its chapters; members-only videos only for a signed-in caller',
        querystring: courseDetailQuery,
        response: { 200: envelopeOf(courseDetail) },
      },
    },
    async (request, reply) => {
      const memberId = await optionalMember(request, reply);
      const course = await content.course(request.query.slug, memberId !== null);
      if (!course) {
        throw new AppError(Code.notFound, Msg.courseNotFound);
      }
      return ok(course);
    },
  );

  app.get(
    ContentApi.liveList,
    {
      schema: {
        tags: ['content'],
        summary: 'Live sessions and whether one is live now',
        response: { 200: envelopeOf(liveList) },
      },
    },
    async (_request, reply) => {
      // Revalidated every time: the header's dot follows a session's start and end, and an operator's edit.
      reply.header('cache-control', 'public, no-cache');
      return ok(await content.live());
    },
  );

  app.get(
    ContentApi.downloadInfo,
    {
      schema: {
        tags: ['content'],
        summary: 'Latest desktop builds from the release records',
        response: { 200: envelopeOf(downloadInfo) },
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return ok(await content.downloads());
    },
  );

  app.get(
    ContentApi.agreementCurrent,
    {
      schema: {
        tags: ['content'],
        summary: 'The current user agreement or privacy policy',
        querystring: agreementQuery,
        response: { 200: envelopeOf(agreementDoc) },
      },
    },
    async (request, reply) => {
      const doc = await content.agreement(request.query.kind);
      if (!doc) {
        throw new AppError(Code.notFound, Msg.notFound);
      }
      cacheable(reply);
      return ok(doc);
    },
  );

  app.get(
    ContentApi.agreementStatus,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['content'],
        summary: 'Whether the member agreed to the current user agreement',
        security: [{ memberToken: [] }],
        response: { 200: envelopeOf(agreementStatus) },
      },
    },
    async (request) => ok(await content.agreementStatus(currentMember(request).memberId)),
  );

  app.post(
    ContentApi.agreementAgree,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['content'],
        summary: 'Agree to the current user agreement version',
        security: [{ memberToken: [] }],
        body: agreeBody,
        response: { 200: envelopeOf(agreementStatus) },
      },
    },
    async (request) => ok(await content.agree(currentMember(request).memberId, request.body.version)),
  );

  app.get(
    ContentApi.sections,
    {
      schema: {
        tags: ['content'],
        summary: 'Sections of the product detail page or the agent programme',
        querystring: sectionsQuery,
        response: { 200: envelopeOf(pageSections) },
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await content.sections(request.query.page));
    },
  );

  app.get(
    ContentApi.helpList,
    {
      schema: {
        tags: ['content'],
        summary: 'Help articles, filtered by a keyword',
        querystring: helpQuery,
        response: { 200: envelopeOf(helpList) },
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await content.help(request.query.keyword));
    },
  );

  done();
};
