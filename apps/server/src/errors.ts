import { Code } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';

/**
 * An error the caller should read: answered as the envelope `{code, msg, data}` with the HTTP
 * status equal to `code`. Services throw it; the error handler turns it into the answer.
 */
export class AppError extends Error {
  /** Fastify and @fastify/rate-limit read the HTTP status from here. */
  readonly statusCode: number;

  constructor(
    readonly code: number,
    msg: string,
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'AppError';
    this.statusCode = code;
  }
}

/** 400 with a catalogue message. */
export function badRequest(msg: string, data: unknown = null): AppError {
  return new AppError(Code.fail, msg, data);
}

/** 401: missing, wrong, expired or revoked memberToken. */
export function unauthorized(): AppError {
  return new AppError(Code.unauthorized, Msg.tokenInvalid);
}

/** 404: the record does not exist for this member. */
export function notFound(): AppError {
  return new AppError(Code.notFound, Msg.notFound);
}
