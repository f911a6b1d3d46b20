/** A generated system track: notes (Hz) sounded together, seconds long. */
export interface SeedTrack {
  name: string;
  slug: string;
  cate: string;
  chord: number[];
  seconds: number;
}

/** Categories of the seeded system music, in display order. */
export const SEED_CATES = ['轻快', '舒缓', '动感'] as const;

/** System music generated with ffmpeg on first start, so a fresh install has something to pick. */
export const SEED_TRACKS: readonly SeedTrack[] = [
  { name: '晨光 C大调', slug: 'morning-c-major', cate: '轻快', chord: [261.63, 329.63, 392], seconds: 6 },
  { name: '午后 G大调', slug: 'afternoon-g-major', cate: '轻快', chord: [392, 493.88, 587.33], seconds: 5 },
  { name: '静夜 A小调', slug: 'night-a-minor', cate: '舒缓', chord: [220, 261.63, 329.63], seconds: 8 },
  { name: '海风 F大调', slug: 'sea-breeze-f-major', cate: '舒缓', chord: [174.61, 220, 261.63], seconds: 7 },
  { name: '节拍 E小调', slug: 'beat-e-minor', cate: '动感', chord: [329.63, 392, 493.88], seconds: 4 },
  { name: '冲刺 D大调', slug: 'sprint-d-major', cate: '动感', chord: [293.66, 369.99, 440], seconds: 4 },
];
