import { RUNNER_TOKEN_HEADER } from '@vidmatrix/contract/api/publish';
import {
  RunnerAuthApi,
  authClaimBody,
  authClaimResult,
  authQrBody,
  authQrResult,
  authResultBody,
  authResultResult,
  authSmsBody,
  authSmsResult,
  authorizeCodeBody,
  authorizeRequestBody,
  authorizeStartBody,
  authorizeStartResult,
  authorizeView,
  expiredAccountsResult,
} from '@vidmatrix/contract/api/runner-auth';
import { emptyEnvelope, envelopeOf, ok } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentMember } from '../auth/request-member.ts';
import { closedBeforeAnswer } from './long-poll.ts';

/** QR images travel as data URLs in JSON. */
const RUNNER_BODY_LIMIT = 2 * 1024 * 1024;
const runnerHeader = RUNNER_TOKEN_HEADER.toLowerCase();

/** Account authorization through a runner: the console's calls (member token) and the runner's (runner token). */
export const runnerAuthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { publish, runnerAuth, connectors } = app.services;
  const secured = { tags: ['runner'], security: [{ memberToken: [] }] };
  const runnerSecured = { tags: ['runner'], security: [{ runnerToken: [] }] };
  const member = (request: FastifyRequest) => currentMember(request).memberId;
  // Closing the server answers the waiting long polls now (else close waits up to their wait_ms).
  app.addHook('preClose', (hookDone) => {
    runnerAuth.longPolls.close();
    hookDone();
  });
  const runner = (request: FastifyRequest) => {
    const value = request.headers[runnerHeader];
    return publish.runners.authenticateRunner(typeof value === 'string' ? value.trim() : undefined);
  };

  app.post(
    RunnerAuthApi.start,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "Log an account in by QR through one of the member's online runners (else 请在客户端进行操作)",
        body: authorizeStartBody,
        response: { 200: envelopeOf(authorizeStartResult) },
      },
    },
    async (request) => ok({ request_id: await runnerAuth.start(member(request), request.body.enterprise_account_id) }),
  );
  app.post(
    RunnerAuthApi.info,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Where an authorization stands, with the QR to scan',
        body: authorizeRequestBody,
        response: { 200: envelopeOf(authorizeView) },
      },
    },
    async (request) => ok(await runnerAuth.info(member(request), request.body.request_id)),
  );
  app.post(
    RunnerAuthApi.cancel,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Cancel an authorization still open',
        body: authorizeRequestBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await runnerAuth.cancel(member(request), request.body.request_id);
      return ok(null, Msg.updated);
    },
  );
  app.post(
    RunnerAuthApi.code,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'The SMS code the platform sent after the scan (while the request is sms)',
        body: authorizeCodeBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await runnerAuth.code(member(request), request.body.request_id, request.body.code);
      return ok(null, Msg.updated);
    },
  );
  app.post(
    RunnerAuthApi.expired,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Accounts whose stored login stopped working (to authorize again)',
        body: z.object({}).optional(),
        response: { 200: envelopeOf(expiredAccountsResult) },
      },
    },
    async (request) => ok({ list: await runnerAuth.expiredAccounts(member(request)) }),
  );

  app.post(
    RunnerAuthApi.claim,
    {
      bodyLimit: RUNNER_BODY_LIMIT,
      schema: {
        ...runnerSecured,
        summary: 'Claim authorization work (QR logins, login checks); long poll with wait_ms',
        body: authClaimBody,
        response: { 200: envelopeOf(authClaimResult) },
      },
    },
    async (request, reply) => {
      const tasks = await runnerAuth.claim(await runner(request), request.body, closedBeforeAnswer(reply.raw));
      if (runnerAuth.longPolls.closing) {
        void reply.header('connection', 'close');
      }
      // Read again after the long poll: a check that finished meanwhile is no longer due.
      return ok({ tasks, ...(await connectors.claimState(await runner(request), request.body.connectors_version)) });
    },
  );
  app.post(
    RunnerAuthApi.qr,
    {
      bodyLimit: RUNNER_BODY_LIMIT,
      schema: {
        ...runnerSecured,
        summary: "Relay the login page's QR to the member's console",
        body: authQrBody,
        response: { 200: envelopeOf(authQrResult) },
      },
    },
    async (request) =>
      ok({ cancel: await runnerAuth.qr(await runner(request), request.body.request_id, request.body.image) }),
  );
  app.post(
    RunnerAuthApi.sms,
    {
      schema: {
        ...runnerSecured,
        summary: "The login asks for an SMS code: ask the member; the member's code once typed",
        body: authSmsBody,
        response: { 200: envelopeOf(authSmsResult) },
      },
    },
    async (request) => ok(await runnerAuth.sms(await runner(request), request.body.request_id, request.body.refused)),
  );
  app.post(
    RunnerAuthApi.result,
    {
      bodyLimit: RUNNER_BODY_LIMIT,
      schema: {
        ...runnerSecured,
        summary: 'How a login or a login check ended; sets cookie_auth_status',
        body: authResultBody,
        response: { 200: envelopeOf(authResultResult) },
      },
    },
    async (request) => ok({ state: await runnerAuth.result(await runner(request), request.body) }),
  );
  done();
};
