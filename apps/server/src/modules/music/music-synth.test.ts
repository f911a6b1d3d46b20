import { describe, expect, it } from 'vitest';
import { degreeNote, renderScore, scoreSeconds, SYNTH_SAMPLE_RATE, toWav, type TrackScore } from './music-synth.ts';
import { SEED_TRACKS } from './system-music.ts';

const score: TrackScore = {
  bpm: 120,
  tonic: 60,
  mode: 'major',
  progression: [0, 4, 5, 3],
  bars: 8,
  style: 'dynamic',
  seed: 7,
};

/** Root mean square of the samples from `from` to `to` seconds. */
function rms(samples: Float32Array, from: number, to: number): number {
  const slice = samples.subarray(Math.round(from * SYNTH_SAMPLE_RATE), Math.round(to * SYNTH_SAMPLE_RATE));
  return Math.sqrt(slice.reduce((sum, v) => sum + v * v, 0) / slice.length);
}

describe('music synth', () => {
  it('gives every seed track 30–60 s', () => {
    for (const track of SEED_TRACKS) {
      expect(scoreSeconds(track.score)).toBeGreaterThanOrEqual(30);
      expect(scoreSeconds(track.score)).toBeLessThanOrEqual(60);
    }
  });

  it('walks the scale across octaves', () => {
    expect([0, 2, 4, 7, -1].map((d) => degreeNote({ tonic: 60, mode: 'major' }, d))).toEqual([60, 64, 67, 72, 59]);
    expect(degreeNote({ tonic: 57, mode: 'minor' }, 2)).toBe(60);
  });

  it('renders the same samples every time, fading in and out, louder once drums and melody join', () => {
    const a = renderScore(score);
    expect(a.length).toBe(Math.round(scoreSeconds(score) * SYNTH_SAMPLE_RATE));
    expect(Buffer.from(a.buffer).equals(Buffer.from(renderScore(score).buffer))).toBe(true);
    expect(a.reduce((peak, v) => Math.max(peak, Math.abs(v)), 0)).toBeCloseTo(0.85, 5);
    expect(Math.abs(a[0] ?? 1)).toBeLessThan(0.01);
    expect(Math.abs(a.at(-1) ?? 1)).toBeLessThan(0.01);
    // Bars of 2 s: the pad-only intro (bar 1, past the fade-in) is quieter than the full section (bars 4–5).
    expect(rms(a, 8, 12) / rms(a, 2.1, 3.9)).toBeGreaterThan(1.15);
    const wav = toWav(a);
    expect(wav.data.length).toBe(a.length * 2);
  });
});
