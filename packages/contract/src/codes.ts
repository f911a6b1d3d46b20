/** Envelope codes and shape without zod: the web client's request layer imports this file. */

/** Envelope codes the server answers with (SPEC §7, §8). */
export const Code = {
  /** Success. */
  ok: 200,
  /** Export endpoints answer with code 0 when the body is a message, not a file (SPEC §7). */
  exportMessage: 0,
  /** Any failure the user should read: validation, business rule, not found. */
  fail: 400,
  /** Missing, wrong or revoked memberToken: the client asks the user to sign in again. */
  unauthorized: 401,
  /** The caller may not touch this record. */
  forbidden: 403,
  /** The record does not exist for this member. */
  notFound: 404,
  /** Too many attempts in a short time. */
  tooMany: 429,
  /** Unexpected server failure. */
  serverError: 500,
} as const;

/** Every JSON answer of the API: `{code, msg, data}`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** True when a parsed JSON value looks like an envelope (used to spot JSON inside a blob). */
export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}
