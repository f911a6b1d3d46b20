import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenOf } from '../modules/auth/request-member.ts';

/** Decorates the app with `authenticate` and requests with `member` (modules/auth/request-member.ts reads it). */
export function setupAuth(app: FastifyInstance): void {
  const { auth } = app.services;
  app.decorateRequest('member', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.member = await auth.authenticate(tokenOf(request));
  });
}
