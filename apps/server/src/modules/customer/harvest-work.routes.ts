import {
  HarvestWorkApi,
  harvestAccountsResult,
  harvestClaimBody,
  harvestClaimResult,
  harvestReportBody,
  harvestReportResult,
  harvestSetEnabledBody,
} from '@vidmatrix/contract/api/harvest-work';
import { RUNNER_TOKEN_HEADER } from '@vidmatrix/contract/api/publish';
import { emptyEnvelope, envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../auth/request-member.ts';
import type { RunnerIdentity } from '../publish/runner-registry.service.ts';

const runnerHeader = RUNNER_TOKEN_HEADER.toLowerCase();

/** The member's harvesting switch per account, and runners' claims and reports of harvest passes. */
export const harvestWorkRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { harvestWork, publish } = app.services;
  const secured = { tags: ['customer'], security: [{ memberToken: [] }] };
  const runnerSecured = { tags: ['runner'], security: [{ runnerToken: [] }] };
  const runners = new WeakMap<FastifyRequest, RunnerIdentity>();
  const authenticate = async (request: FastifyRequest) => {
    const value = request.headers[runnerHeader];
    runners.set(
      request,
      await publish.runners.authenticateRunner(typeof value === 'string' ? value.trim() : undefined),
    );
  };
  const runner = (request: FastifyRequest): RunnerIdentity => {
    const identity = runners.get(request);
    if (!identity) {
      throw new Error('harvest route without its preHandler');
    }
    return identity;
  };

  app.post(
    HarvestWorkApi.accounts,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "The member's accounts with their harvesting switch and state",
        response: { 200: envelopeOf(harvestAccountsResult) },
      },
    },
    async (request) => ok({ list: await harvestWork.accounts(currentMember(request).memberId) }),
  );

  app.post(
    HarvestWorkApi.setEnabled,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Turns harvesting of comments and private messages on or off for accounts',
        body: harvestSetEnabledBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await harvestWork.setEnabled(currentMember(request).memberId, request.body.account_ids, request.body.enabled);
      return ok(null);
    },
  );

  app.post(
    HarvestWorkApi.claim,
    {
      preHandler: authenticate,
      schema: {
        ...runnerSecured,
        summary: 'Due harvest passes (reads and at most one due reply per account), each under a lease',
        description: [
          'One pass per account at a time, never while a publish job of the account is leased. A pass is due when',
          'its read interval (with jitter) has passed or a reply of a harvested conversation may go out under the',
          'write pacing; an account cooling down after a risk signal, not authorized, or switched off is skipped.',
        ].join('\n'),
        body: harvestClaimBody,
        response: { 200: envelopeOf(harvestClaimResult) },
      },
    },
    async (request) => ok(await harvestWork.claim(runner(request), request.body)),
  );

  app.post(
    HarvestWorkApi.report,
    {
      preHandler: authenticate,
      schema: {
        ...runnerSecured,
        summary: 'How a harvest pass ended; frees the account',
        body: harvestReportBody,
        response: { 200: envelopeOf(harvestReportResult) },
      },
    },
    async (request) => ok({ state: await harvestWork.report(runner(request), request.body) }),
  );
  done();
};
