import {
  HarvestApi,
  harvestCursorQuery,
  harvestCursorResult,
  harvestIngestBody,
  harvestIngestResult,
  harvestThreadsBody,
  harvestThreadsResult,
} from '@vidmatrix/contract/api/harvest';
import { RUNNER_TOKEN_HEADER } from '@vidmatrix/contract/api/publish';
import { envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { RunnerIdentity } from '../publish/runner-registry.service.ts';

const runnerHeader = RUNNER_TOKEN_HEADER.toLowerCase();
/** 200 items of up to 2,000 characters each, with their ids and titles, in JSON. */
const INGEST_BODY_LIMIT = 4 * 1024 * 1024;

/** What runners hand in from the accounts they harvest (runner token), and where they left off. */
export const harvestRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { inbox, publish } = app.services;
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
    HarvestApi.ingest,
    {
      preHandler: authenticate,
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        ...runnerSecured,
        summary: "A page of an account's comments or private messages, and the cursor after it",
        description: [
          'Each item is stored once per (platform, account, source, item_id): a re-read, a retry or two runners',
          'never store it twice. Items are filed in the conversation of their author (from_self items under the',
          'customer they went to: peer_id, else the author of parent_id, and confirm a pending console reply with',
          "the same text), scored for buying intent and contacts, and merged into that person's one lead. New",
          'inbound items push `send_msg`. The cursor is stored with them (GET runner.Runner/harvestCursor reads it).',
        ].join('\n'),
        body: harvestIngestBody,
        response: { 200: envelopeOf(harvestIngestResult) },
      },
    },
    async (request) => ok(await inbox.ingest(runner(request), request.body)),
  );

  app.get(
    HarvestApi.cursor,
    {
      preHandler: authenticate,
      schema: {
        ...runnerSecured,
        summary: 'Where the last ingest of an account and source left off',
        querystring: harvestCursorQuery,
        response: { 200: envelopeOf(harvestCursorResult) },
      },
    },
    async (request) => ok(await inbox.cursor(runner(request), request.query)),
  );

  app.post(
    HarvestApi.threads,
    {
      preHandler: authenticate,
      schema: {
        ...runnerSecured,
        summary: "The reply counts an account's comment threads were last read at",
        description: [
          'Each ingest stores the threads its page read with their reply counts (`threads`); a pass asks for the',
          'counts of the threads it sees and opens only those whose count the platform now shows differently.',
        ].join('\n'),
        body: harvestThreadsBody,
        response: { 200: envelopeOf(harvestThreadsResult) },
      },
    },
    async (request) => ok(await inbox.threads(runner(request), request.body)),
  );
  done();
};
