import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_MS } from '@vidmatrix/contract/api/customer';

/** A fresh webhook secret: 32 random bytes, hex. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/** The X-Signature header value for a body: `sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`. */
export function signWebhook(secret: string, timestamp: string, rawBody: Buffer | string): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`, 'utf8');
  hmac.update(rawBody);
  return `sha256=${hmac.digest('hex')}`;
}

/** True when `signature` is the signature of the raw body; compared in constant time. */
export function signatureMatches(secret: string, timestamp: string, rawBody: Buffer, signature: string): boolean {
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), 'utf8');
  const given = Buffer.from(signature.trim(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** True when a unix-seconds timestamp header is within WEBHOOK_TOLERANCE_MS of now (either side). */
export function timestampFresh(timestamp: string, now: number): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) {
    return false;
  }
  return Math.abs(now - Number(timestamp) * 1000) <= WEBHOOK_TOLERANCE_MS;
}
