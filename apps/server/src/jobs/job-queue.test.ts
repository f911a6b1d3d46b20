import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './job-queue.ts';

describe('retryDelayMs', () => {
  it('doubles from 1 s and caps at a minute', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(20)).toBe(60_000);
  });
});
