import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signWebhook, signatureMatches, timestampFresh } from './webhook-signature.ts';

describe('webhook signature', () => {
  const body = Buffer.from('{"content":"你好"}', 'utf8');

  it('is the hex HMAC-SHA256 of timestamp.body', () => {
    const hex = createHmac('sha256', 's3cret')
      .update(`1700000000.${body.toString('utf8')}`)
      .digest('hex');
    expect(signWebhook('s3cret', '1700000000', body)).toBe(`sha256=${hex}`);
    expect(signatureMatches('s3cret', '1700000000', body, `sha256=${hex}`)).toBe(true);
  });

  it('refuses another secret, timestamp or body, and junk', () => {
    const signature = signWebhook('s3cret', '1700000000', body);
    expect(signatureMatches('other', '1700000000', body, signature)).toBe(false);
    expect(signatureMatches('s3cret', '1700000001', body, signature)).toBe(false);
    expect(signatureMatches('s3cret', '1700000000', Buffer.from('{}'), signature)).toBe(false);
    fc.assert(fc.property(fc.string(), (junk) => !signatureMatches('s3cret', '1700000000', body, junk)));
  });

  it('accepts timestamps within five minutes only', () => {
    const now = 1_700_000_000_000;
    expect(timestampFresh('1700000000', now)).toBe(true);
    expect(timestampFresh(String(1_700_000_000 - 299), now)).toBe(true);
    expect(timestampFresh(String(1_700_000_000 - 301), now)).toBe(false);
    expect(timestampFresh(String(1_700_000_000 + 301), now)).toBe(false);
    expect(timestampFresh('17e8', now)).toBe(false);
    expect(timestampFresh('', now)).toBe(false);
  });
});
