import {
  RUNNER_TOKEN_HEADER,
  actionResult,
  answerActionBody,
  batchAddBody,
  batchAddResult,
  batchIdBody,
  batchInfoResult,
  batchJobsBody,
  batchListBody,
  batchListResult,
  claimBody,
  claimResult,
  countResult,
  beforeSubmitBody,
  finishBody,
  finishResult,
  heartbeatBody,
  heartbeatResult,
  jobIdBody,
  leaseStatus,
  progressBody,
  resolveUnconfirmedBody,
  reviewBody,
  runnerCreateBody,
  runnerCreateResult,
  runnerIdBody,
  runnerListResult,
  screenshotQuery,
  PublishApi,
  RunnerApi,
} from '@vidmatrix/contract/api/publish';
import { RunnerTokenApi } from '@vidmatrix/contract/api/runner-auth';
import { emptyEnvelope, envelopeOf, ok } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../auth/request-member.ts';
import { closedBeforeAnswer, dropUnusedConnectionsOnClose } from './long-poll.ts';
import type { RunnerIdentity } from './runner-registry.service.ts';

/** Screenshots travel as base64 in JSON: the runner calls accept more than the default 1 MB. */
const RUNNER_BODY_LIMIT = 16 * 1024 * 1024;
const runnerHeader = RUNNER_TOKEN_HEADER.toLowerCase();

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the runner routes' preHandler. */
    runner: RunnerIdentity | null;
  }
}

/** Batch publishing (member token) and the runner API (runner token). */
export const publishRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { publish, connectors } = app.services;
  const secured = { tags: ['publish'], security: [{ memberToken: [] }] };
  const runnerSecured = { tags: ['runner'], security: [{ runnerToken: [] }] };
  const member = (request: FastifyRequest) => currentMember(request).memberId;
  app.decorateRequest('runner', null);
  // Closing the server answers the waiting long polls now (else close waits up to their wait_ms).
  app.addHook('preClose', (hookDone) => {
    publish.longPolls.close();
    hookDone();
  });
  dropUnusedConnectionsOnClose(app);
  const authenticateRunner = async (request: FastifyRequest) => {
    const value = request.headers[runnerHeader];
    request.runner = await publish.runners.authenticateRunner(typeof value === 'string' ? value.trim() : undefined);
  };
  const runner = (request: FastifyRequest): RunnerIdentity => {
    if (!request.runner) {
      throw new Error('runner route without its preHandler');
    }
    return request.runner;
  };

  app.post(
    PublishApi.add,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Create a batch: videos × accounts, checked against each platform',
        body: batchAddBody,
        response: { 200: envelopeOf(batchAddResult) },
      },
    },
    async (request) => ok(await publish.batches.addBatch(member(request), request.body), Msg.added),
  );
  app.post(
    PublishApi.list,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Batches with jobs per state',
        body: batchListBody,
        response: { 200: envelopeOf(batchListResult) },
      },
    },
    async (request) => ok(await publish.batches.listBatches(member(request), request.body.page, request.body.limit)),
  );
  app.post(
    PublishApi.info,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'A batch and its video × account matrix',
        body: batchIdBody,
        response: { 200: envelopeOf(batchInfoResult) },
      },
    },
    async (request) => ok(await publish.batches.batchInfo(member(request), request.body.batch_id)),
  );
  app.post(
    PublishApi.cancel,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Cancel jobs not yet submitted',
        body: batchJobsBody,
        response: { 200: envelopeOf(countResult) },
      },
    },
    async (request) =>
      ok({ count: await publish.batches.cancel(member(request), request.body.batch_id, request.body.job_ids) }),
  );
  app.post(
    PublishApi.retryFailed,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Queue the failed jobs again (never unconfirmed ones)',
        body: batchJobsBody,
        response: { 200: envelopeOf(countResult) },
      },
    },
    async (request) => {
      const count = await publish.batches.retryFailed(member(request), request.body.batch_id, request.body.job_ids);
      return ok({ count }, count > 0 ? 'success' : Msg.publishNothingToRetry);
    },
  );
  app.post(
    PublishApi.resolveUnconfirmed,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Say whether an unconfirmed job was published',
        body: resolveUnconfirmedBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { job_id: jobId, published, link } = request.body;
      await publish.batches.resolveUnconfirmed(member(request), jobId, published, link);
      return ok(null, Msg.updated);
    },
  );
  app.post(
    PublishApi.answerAction,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Answer a hand-off (SMS/captcha code, or scanned)',
        body: answerActionBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await publish.batches.answerAction(member(request), request.body.job_id, request.body.code);
      return ok(null);
    },
  );

  app.get(
    PublishApi.screenshot,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "A job's failure or hand-off screenshot (PNG), for the job's member only",
        querystring: screenshotQuery,
      },
    },
    async (request, reply) => {
      const image = await publish.batches.screenshot(member(request), request.query.job_id);
      return reply
        .type('image/png')
        .header('cache-control', 'private, max-age=604800')
        .header('x-content-type-options', 'nosniff')
        .send(image);
    },
  );

  app.post(
    RunnerTokenApi.create,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Create a runner token (shown once)',
        body: runnerCreateBody,
        response: { 200: envelopeOf(runnerCreateResult) },
      },
    },
    async (request) => ok(await publish.runners.createRunner(member(request), request.body.name), Msg.added),
  );
  app.post(
    RunnerTokenApi.list,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary:
          "The member's runners and the server runners, with the member's jobs each holds, and whether any can serve the member",
        response: { 200: envelopeOf(runnerListResult) },
      },
    },
    async (request) => ok(await app.services.serverRunners.list(member(request))),
  );
  app.post(
    RunnerTokenApi.revoke,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Revoke a runner token; its leases end now',
        body: runnerIdBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await publish.runners.revokeRunner(member(request), request.body.runner_id);
      return ok(null, Msg.updated);
    },
  );

  const runnerRoute = { preHandler: authenticateRunner, bodyLimit: RUNNER_BODY_LIMIT };
  app.post(
    RunnerApi.claim,
    {
      ...runnerRoute,
      schema: {
        ...runnerSecured,
        summary: 'Claim due jobs under a lease (long poll with wait_ms)',
        body: claimBody,
        response: { 200: envelopeOf(claimResult) },
      },
    },
    async (request, reply) => {
      const jobs = await publish.claims.claim(runner(request), request.body, closedBeforeAnswer(reply.raw));
      if (publish.longPolls.closing) {
        void reply.header('connection', 'close');
      }
      // The definitions version and a due drift check ride on the answer (the runner fetches on a change).
      return ok({ jobs, ...(await connectors.claimState(runner(request), request.body.connectors_version)) });
    },
  );
  app.post(
    RunnerApi.heartbeat,
    {
      ...runnerRoute,
      schema: {
        ...runnerSecured,
        summary: 'Extend leases; answers cancellation',
        body: heartbeatBody,
        response: { 200: envelopeOf(heartbeatResult) },
      },
    },
    async (request) => {
      const { job_ids: jobIds, version, accounts } = request.body;
      return ok({ jobs: await publish.leases.heartbeat(runner(request), jobIds, version, accounts) });
    },
  );
  app.post(
    RunnerApi.progress,
    {
      ...runnerRoute,
      schema: {
        ...runnerSecured,
        summary: 'Phase reached, upload percent, or a hand-off',
        body: progressBody,
        response: { 200: envelopeOf(leaseStatus) },
      },
    },
    async (request) => ok(await publish.leases.progress(runner(request), request.body)),
  );
  app.post(
    RunnerApi.beforeSubmit,
    {
      ...runnerRoute,
      schema: {
        ...runnerSecured,
        summary: 'Record `submitting` with the verification basis; click only after this answers 200',
        body: beforeSubmitBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await publish.leases.beforeSubmit(runner(request), request.body);
      return ok(null);
    },
  );
  app.post(
    RunnerApi.review,
    {
      ...runnerRoute,
      schema: {
        ...runnerSecured,
        summary: "A published post's review state, read again",
        body: reviewBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await publish.leases.review(runner(request), request.body);
      return ok(null);
    },
  );
  app.post(
    RunnerApi.finish,
    {
      ...runnerRoute,
      schema: {
        ...runnerSecured,
        summary: 'How the job ended, with its artefacts',
        body: finishBody,
        response: { 200: envelopeOf(finishResult) },
      },
    },
    async (request) => ok({ state: await publish.leases.finish(runner(request), request.body) }),
  );
  app.post(
    RunnerApi.action,
    {
      ...runnerRoute,
      schema: {
        ...runnerSecured,
        summary: "The member's answer to a hand-off",
        body: jobIdBody,
        response: { 200: envelopeOf(actionResult) },
      },
    },
    async (request) => ok(await publish.leases.action(runner(request), request.body.job_id)),
  );
  done();
};
