import { z } from 'zod';
import { Code, type Envelope } from './codes.ts';

// Codes and the envelope shape live in codes.ts (no zod), so browser bundles can use them cheaply.
export { Code, isEnvelope, type Envelope } from './codes.ts';

/** Wraps a data schema into the envelope schema, for response validation and OpenAPI. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** The envelope for calls whose data the client does not read. */
export const emptyEnvelope = envelopeOf(z.union([z.object({}).loose(), z.array(z.unknown()), z.null()]));

/** Builds a success envelope. */
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: Code.ok, msg, data };
}

/** Builds a failure envelope. */
export function fail(msg: string, code: number = Code.fail): Envelope<null> {
  return { code, msg, data: null };
}
