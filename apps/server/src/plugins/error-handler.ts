import { validationMessage } from '@vidmatrix/contract/api/common';
import { Code, fail } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../errors.ts';

/** Answers every error as the `{code, msg, data}` envelope, with the HTTP status equal to code. */
export function setupErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.code).send({ code: error.code, msg: error.message, data: error.data });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(Code.fail).send(fail(validationMessage(error.validation)));
    }
    // A handler that parses with a contract schema itself (multipart paths) throws the ZodError.
    if (error instanceof ZodError) {
      return reply.code(Code.fail).send(fail(validationMessage(error.issues)));
    }
    const status = isMalformedMultipart(request, error) ? Code.fail : statusOf(error);
    if (status === Code.tooMany) {
      return reply.code(Code.tooMany).send(fail(Msg.tooManyAttempts, Code.tooMany));
    }
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      // Malformed JSON, unsupported media type, body too large: the caller sent something wrong.
      request.log.info({ err: error }, 'Rejected request');
      return reply.code(Code.fail).send(fail(Msg.invalidParams));
    }
    request.log.error({ err: error }, 'Request failed');
    return reply.code(Code.serverError).send(fail(Msg.serverError, Code.serverError));
  });
}

/** What busboy says of a body that is not well-formed multipart (its errors carry no status). */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed part header|.+ terminated early due to unexpected end of multipart data)/;

/** A multipart request whose body the parser could not read: the caller's mistake, not ours. */
function isMalformedMultipart(request: FastifyRequest, error: unknown): boolean {
  return (
    (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/') &&
    error instanceof Error &&
    !('statusCode' in error) &&
    MALFORMED_MULTIPART.test(error.message)
  );
}

function statusOf(error: unknown): number {
  return typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number'
    ? error.statusCode
    : Code.serverError;
}
