import { describe, expect, it } from 'vitest';
import { durationArgs, parseDuration, musicEncodeArgs, posterArgs } from './media-args.ts';

describe('posterArgs', () => {
  it('seeks to 1 s before the input and scales to 342 px', () => {
    const args = posterArgs('/in.mp4', 10);
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(args[args.indexOf('-ss') + 1]).toBe('1');
    expect(args[args.indexOf('-i') + 1]).toBe('/in.mp4');
    expect(args).toContain('scale=342:-2');
    expect(args.slice(args.indexOf('-frames:v'), args.indexOf('-frames:v') + 2)).toEqual(['-frames:v', '1']);
    expect(args.at(-1)).toBe('pipe:1');
  });
  it('takes the first frame of clips no longer than 1 s', () => {
    const args = posterArgs('x.mp4', 0.8);
    expect(args[args.indexOf('-ss') + 1]).toBe('0');
  });
  it('seeks to 1 s when the duration is unknown', () => {
    const args = posterArgs('x.mp4', null);
    expect(args[args.indexOf('-ss') + 1]).toBe('1');
  });
});

describe('durationArgs / parseDuration', () => {
  it('asks ffprobe for the format duration only', () => {
    expect(durationArgs('a.mp3')).toEqual([
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'default=noprint_wrappers=1:nokey=1',
      'a.mp3',
    ]);
  });
  it.each([
    ['12.345678\n', 12.346],
    ['N/A\n', null],
    ['', null],
    ['3\n', 3],
  ])('%j → %s', (out, value) => {
    expect(parseDuration(out)).toBe(value);
  });
});

describe('musicEncodeArgs', () => {
  it('encodes the WAV as mono MP3', () => {
    const args = musicEncodeArgs('/in.wav', '/o.mp3');
    expect(args.join(' ')).toContain('-i /in.wav -ac 1 -c:a libmp3lame');
    expect(args.at(-1)).toBe('/o.mp3');
  });
});
