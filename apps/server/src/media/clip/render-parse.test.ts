import { describe, expect, it } from 'vitest';
import { parseFcList } from './fonts.ts';
import { parseSilences, progressParser, shotsFromCuts, speechFromSilences } from './render.ts';

describe('ffmpeg output parsing', () => {
  it('turns -progress out_time_us into a fraction, split across chunks, ending at 1', () => {
    const seen: number[] = [];
    const feed = progressParser(10, (f) => seen.push(f));
    feed('frame=1\nout_time_us=2500');
    feed('000\nprogress=continue\nout_time_us=N/A\n');
    feed('out_time_us=20000000\nprogress=end\n');
    expect(seen).toEqual([0.25, 0.999, 1]);
  });
  it('turns cut times into shots covering the file', () => {
    expect(shotsFromCuts([4, 6.5], 8)).toEqual([
      [0, 4],
      [4, 6.5],
      [6.5, 8],
    ]);
  });
  it('reads silencedetect into speech spans', () => {
    const log =
      '[silencedetect @ 0x1] silence_start: 0\n[silencedetect] silence_end: 1.02 | silence_duration: 1\nsilence_start: 2.5\nsilence_end: 3 |\nsilence_start: 3.9';
    const silences = parseSilences(log);
    expect(silences).toEqual([
      [0, 1.02],
      [2.5, 3],
      [3.9, null],
    ]);
    expect(speechFromSilences(silences, 4)).toEqual([
      [1.02, 2.5],
      [3, 3.9],
    ]);
  });
  it('hears every step forward of the output time, past the expected length too, and nothing else', () => {
    let steps = 0;
    const feed = progressParser(
      1,
      () => undefined,
      () => (steps += 1),
    );
    feed('out_time_us=0\nout_time_us=500000\nout_time_us=500000\nout_time_us=N/A\n');
    feed('out_time_us=2000000\nout_time_us=3000000\nprogress=end\n');
    // 0, 0.5 s, 2 s and 3 s (the fraction stopped at 0.999 after 1 s), then the end.
    expect(steps).toBe(5);
  });
  it('lists fonts once per family', () => {
    const out =
      '/f/wqy.ttc: WenQuanYi Micro Hei,文泉驿微米黑\n/f/noto.ttc: Noto Sans CJK SC\n/f/wqy2.ttc: WenQuanYi Micro Hei\n';
    expect(parseFcList(out)).toEqual([
      { value: 'Noto Sans CJK SC', path: '/f/noto.ttc' },
      { value: 'WenQuanYi Micro Hei', path: '/f/wqy.ttc' },
    ]);
  });
  it('keeps the face of each family in a collection', () => {
    const out =
      '/f/wqy.ttc: WenQuanYi Micro Hei,文泉驿微米黑:index=0\n/f/wqy.ttc: WenQuanYi Micro Hei Mono,文泉驿等宽微米黑:index=1\n';
    expect(parseFcList(out)).toEqual([
      { value: 'WenQuanYi Micro Hei', path: '/f/wqy.ttc', index: 0 },
      { value: 'WenQuanYi Micro Hei Mono', path: '/f/wqy.ttc', index: 1 },
    ]);
  });
});
