// The signed-in member of a request, as routes read it. The auth module owns the session; plugins/auth.ts
// only wires `authenticate` to its service, so routes never import the application floor above them.
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors.ts';
import type { SessionMember } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of member routes: 401 unless the memberToken header holds a live token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; null on public routes. */
    member: SessionMember | null;
  }
}

const headerName = TOKEN_HEADER.toLowerCase();

/** The memberToken header of a request (Node lowercases header names). */
export function tokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[headerName];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The signed-in member of a route guarded by `app.authenticate`. */
export function currentMember(request: FastifyRequest): SessionMember {
  if (!request.member) {
    throw unauthorized();
  }
  return request.member;
}

/**
 * Route config limiting a member route to `max` calls per member per minute (429, 操作过于频繁). Counted
 * after `authenticate` (preHandler), by member rather than address: members behind one office NAT share
 * an address, and a token-less call is refused before it is counted.
 */
export function perMemberRateLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `member-${currentMember(request).memberId}`,
    },
  };
}
