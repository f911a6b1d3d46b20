import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, kFormatter } from './format.ts';

describe('kFormatter', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0k'],
    [1500, '1.5k'],
    [1049, '1.0k'],
    [2000, '2.0k'],
    [12345, '12.3k'],
    [-2500, '-2.5k'],
  ])('%i → %s', (input, output) => {
    expect(kFormatter(input)).toBe(output);
  });
});

describe('formatDuration (mm:ss)', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [59.9, '00:59'],
    [60, '01:00'],
    [754, '12:34'],
    [3725, '62:05'],
    [-3, '00:00'],
    [Number.NaN, '00:00'],
    [null, '00:00'],
  ])('%s → %s', (input, output) => {
    expect(formatDuration(input)).toBe(output);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [300 * 1024 * 1024, '300.0 MB'],
    [5 * 1024 ** 3, '5.0 GB'],
  ])('%i → %s', (input, output) => {
    expect(formatBytes(input)).toBe(output);
  });
});
