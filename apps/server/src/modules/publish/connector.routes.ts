import { RUNNER_TOKEN_HEADER } from '@vidmatrix/contract/api/publish';
import {
  ConnectorApi,
  connectorsResult,
  driftPlanBody,
  driftPlanResult,
  driftReportBody,
} from '@vidmatrix/contract/api/connectors';
import { emptyEnvelope, envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Definitions files are a few hundred KB at most. */
const RUNNER_BODY_LIMIT = 1024 * 1024;
const runnerHeader = RUNNER_TOKEN_HEADER.toLowerCase();

/** Connector definitions and the drift check: runner-token calls (issue 22). */
export const connectorRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { publish, connectors } = app.services;
  const runnerSecured = { tags: ['runner'], security: [{ runnerToken: [] }] };
  const runner = (request: FastifyRequest) => {
    const value = request.headers[runnerHeader];
    return publish.runners.authenticateRunner(typeof value === 'string' ? value.trim() : undefined);
  };

  app.post(
    ConnectorApi.definitions,
    {
      schema: {
        ...runnerSecured,
        summary: "The operator's current connector definitions and their version (0 and none: the built-in ones)",
        body: z.object({}).optional(),
        response: { 200: envelopeOf(connectorsResult) },
      },
    },
    async (request) => {
      await runner(request);
      const { version, definitions } = await connectors.current();
      return ok({ version, definitions });
    },
  );
  app.post(
    ConnectorApi.driftPlan,
    {
      schema: {
        ...runnerSecured,
        summary: 'Signed-in accounts among those whose profiles the runner holds that a drift check may open',
        body: driftPlanBody,
        response: { 200: envelopeOf(driftPlanResult) },
      },
    },
    async (request) => ok({ accounts: await connectors.driftPlan(await runner(request), request.body.accounts) }),
  );
  app.post(
    ConnectorApi.drift,
    {
      bodyLimit: RUNNER_BODY_LIMIT,
      schema: {
        ...runnerSecured,
        summary: 'What a drift check found per platform (正常, or the elements not found)',
        body: driftReportBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await connectors.report(await runner(request), request.body);
      return ok(null);
    },
  );
  done();
};
