import type { TrackScore } from './music-synth.ts';

/** A system track the seed makes: its name, category and score. */
export interface SeedTrack {
  name: string;
  slug: string;
  cate: string;
  score: TrackScore;
}

/** Categories of the seeded system music, in display order. */
export const SEED_CATES = ['轻快', '舒缓', '动感'] as const;

/**
 * The licence of every seeded track: the project writes them itself (music-synth.ts), and gives them to
 * the public domain so members may use them in any video (LICENSES/music.md).
 */
export const SEED_MUSIC_LICENCE = 'CC0 1.0 公共领域（本项目自制）';

/** Bumped when the synth or a score changes, so a cached render of the old music is not reused. */
export const SEED_MUSIC_VERSION = 2;

/** System music made on first start: 38–56 s each, long enough under a 30–60 s video. */
export const SEED_TRACKS: readonly SeedTrack[] = [
  {
    name: '晨光 C大调',
    slug: 'morning-c-major',
    cate: '轻快',
    // I–V–vi–IV at 100 bpm: 16 bars, 38.4 s.
    score: { bpm: 100, tonic: 60, mode: 'major', progression: [0, 4, 5, 3], bars: 16, style: 'light', seed: 11 },
  },
  {
    name: '午后 G大调',
    slug: 'afternoon-g-major',
    cate: '轻快',
    // I–IV–ii–V at 96 bpm: 16 bars, 40 s.
    score: { bpm: 96, tonic: 55, mode: 'major', progression: [0, 3, 1, 4], bars: 16, style: 'light', seed: 23 },
  },
  {
    name: '静夜 A小调',
    slug: 'night-a-minor',
    cate: '舒缓',
    // i–VI–III–VII at 72 bpm: 12 bars, 40 s.
    score: { bpm: 72, tonic: 57, mode: 'minor', progression: [0, 5, 2, 6], bars: 12, style: 'calm', seed: 37 },
  },
  {
    name: '海风 F大调',
    slug: 'sea-breeze-f-major',
    cate: '舒缓',
    // I–iii–IV–V at 80 bpm: 14 bars, 42 s.
    score: { bpm: 80, tonic: 53, mode: 'major', progression: [0, 2, 3, 4], bars: 14, style: 'calm', seed: 41 },
  },
  {
    name: '节拍 E小调',
    slug: 'beat-e-minor',
    cate: '动感',
    // i–VI–VII–i at 120 bpm: 24 bars, 48 s.
    score: { bpm: 120, tonic: 52, mode: 'minor', progression: [0, 5, 6, 0], bars: 24, style: 'dynamic', seed: 53 },
  },
  {
    name: '冲刺 D大调',
    slug: 'sprint-d-major',
    cate: '动感',
    // I–V–vi–IV at 128 bpm: 30 bars, 56.25 s.
    score: { bpm: 128, tonic: 62, mode: 'major', progression: [0, 4, 5, 3], bars: 30, style: 'dynamic', seed: 67 },
  },
];
