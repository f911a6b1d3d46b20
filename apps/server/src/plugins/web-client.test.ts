import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './web-client.ts';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, as browsers offer them', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
  });

  it('follows the weights, a q of 0 refusing an encoding', () => {
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('br;q=0, *')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(preferredEncoding('br;q=abc, gzip')).toBe('gzip');
  });

  it('sends identity when nothing usable is offered', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding('identity, deflate')).toBeUndefined();
  });
});
