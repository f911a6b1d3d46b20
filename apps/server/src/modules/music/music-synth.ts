import type { Wav } from '../../media/clip/tts/wav.ts';

/**
 * A small note sequencer (pure): the project's own background music, written as a score and rendered to
 * PCM the same way on every run, so the seed can make it on first start instead of shipping audio.
 */

/** Rendered mono at this rate: background music under a voice needs no more, and it keeps files small. */
export const SYNTH_SAMPLE_RATE = 22_050;

/** What a track is: tempo, key, chord per bar, length and the instruments its style plays. */
export interface TrackScore {
  bpm: number;
  /** MIDI note of the key's tonic (60 = middle C). */
  tonic: number;
  mode: 'major' | 'minor';
  /** Scale degrees (0 = the tonic) of each bar's chord, repeated over the bars. */
  progression: readonly number[];
  bars: number;
  /** light: kick on 1 and 3, off-beat hats; calm: no drums, a slow pad; dynamic: four on the floor, snare. */
  style: 'light' | 'calm' | 'dynamic';
  /** Seeds the melody's choices. */
  seed: number;
}

const SCALES = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] } as const;
/** Bars of pad alone at the start, and of the thinned-out ending. */
const INTRO_BARS = 2;
const OUTRO_BARS = 2;
const FADE_IN_S = 1.5;
const FADE_OUT_S = 3;

/** Seconds a score lasts: whole bars of four beats. */
export function scoreSeconds(score: TrackScore): number {
  return (score.bars * 4 * 60) / score.bpm;
}

/** The MIDI note of a scale degree (any integer: degrees past the scale go up or down octaves). */
export function degreeNote(score: Pick<TrackScore, 'tonic' | 'mode'>, degree: number): number {
  const scale = SCALES[score.mode];
  const octave = Math.floor(degree / scale.length);
  const step = scale[((degree % scale.length) + scale.length) % scale.length] ?? 0;
  return score.tonic + octave * 12 + step;
}

function hz(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

/** A deterministic pseudo-random sequence in [0, 1) (LCG): the melody and the hats' noise. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const TAU = 2 * Math.PI;
/** One sine period as a table: a tone is looked up, not computed, sample by sample (renders stay fast). */
const TABLE_SIZE = 8192;
const SINE = Float32Array.from({ length: TABLE_SIZE }, (_, i) => Math.sin((TAU * i) / TABLE_SIZE));

/** A pitched voice: partials (amplitude of the 1st, 2nd, 3rd … harmonic), a linear attack and release, a decay. */
interface Tone {
  start: number;
  length: number;
  freq: number;
  partials: readonly number[];
  attack: number;
  release: number;
  /** Exponential decay per second (0: held). */
  decay: number;
}

/** Soft tones: the fundamental with a little of its octave and twelfth; a plucked note: the fundamental. */
const SOFT = [1, 0.3, 0.1] as const;
const PURE = [1] as const;

/** Adds a pitched voice into `out`. */
function addTone(out: Float32Array, tone: Tone): void {
  const first = Math.max(0, Math.round(tone.start * SYNTH_SAMPLE_RATE));
  const count = Math.min(out.length - first, Math.round(tone.length * SYNTH_SAMPLE_RATE));
  const step = (tone.freq * TABLE_SIZE) / SYNTH_SAMPLE_RATE;
  const fall = Math.exp(-tone.decay / SYNTH_SAMPLE_RATE);
  const attack = Math.max(1, tone.attack * SYNTH_SAMPLE_RATE);
  const release = Math.max(1, tone.release * SYNTH_SAMPLE_RATE);
  let decay = 1;
  for (let i = 0; i < count; i++) {
    let value = 0;
    for (let h = 0; h < tone.partials.length; h++) {
      value += (tone.partials[h] ?? 0) * (SINE[Math.floor(step * (h + 1) * i) & (TABLE_SIZE - 1)] ?? 0);
    }
    const envelope = Math.min(1, i / attack, (count - i) / release) * decay;
    decay *= fall;
    out[first + i] = (out[first + i] ?? 0) + value * envelope;
  }
}

/** Adds an unpitched or swept voice (drums: short, so computed directly). */
function add(out: Float32Array, start: number, length: number, wave: (t: number) => number, decay: number): void {
  const first = Math.max(0, Math.round(start * SYNTH_SAMPLE_RATE));
  const last = Math.min(out.length, first + Math.round(length * SYNTH_SAMPLE_RATE));
  for (let i = first; i < last; i++) {
    const t = (i - first) / SYNTH_SAMPLE_RATE;
    out[i] = (out[i] ?? 0) + wave(t) * Math.min(1, t / 0.005) * Math.exp(-t * decay);
  }
}

/** Renders a score to mono float samples in [-1, 1]: intro, two sections, an ending, fades at both ends. */
export function renderScore(score: TrackScore): Float32Array {
  const beat = 60 / score.bpm;
  const bar = beat * 4;
  const total = scoreSeconds(score);
  const out = new Float32Array(Math.round(total * SYNTH_SAMPLE_RATE));
  const next = random(score.seed);
  const noise = random(score.seed ^ 0x9e3779b9);
  const sectionB = Math.floor((score.bars - OUTRO_BARS + INTRO_BARS) / 2);

  for (let b = 0; b < score.bars; b++) {
    const at = b * bar;
    const degree = score.progression[b % score.progression.length] ?? 0;
    const chord = [0, 2, 4].map((step) => degreeNote(score, degree + step));
    const intro = b < INTRO_BARS;
    const outro = b >= score.bars - OUTRO_BARS;
    const full = !intro && !outro && b >= sectionB;

    // Pad: the chord held through the bar (an octave lower and slower for calm tracks).
    const padShift = score.style === 'calm' ? -12 : 0;
    for (const note of chord) {
      const attack = score.style === 'calm' ? 0.8 : 0.3;
      addTone(out, {
        start: at,
        length: bar + 0.15,
        freq: hz(note + padShift),
        partials: SOFT,
        attack,
        release: 0.4,
        decay: 0,
      });
    }
    if (intro) {
      continue;
    }
    // Bass: the chord's root two octaves down, on 1 and 3 (on 1 only for calm tracks).
    const root = hz((chord[0] ?? score.tonic) - 24);
    const bassBeats = score.style === 'calm' ? [0] : [0, 2];
    for (const beatIndex of bassBeats) {
      const length = score.style === 'calm' ? bar : beat * 2;
      addTone(out, {
        start: at + beatIndex * beat,
        length,
        freq: root,
        partials: SOFT,
        attack: 0.02,
        release: 0.2,
        decay: 0,
      });
    }
    // Arpeggio: eighth notes climbing and falling through the chord an octave up.
    if (!outro || b === score.bars - OUTRO_BARS) {
      const pattern = [0, 1, 2, 1, 0, 2, 1, 2];
      for (let step = 0; step < 8; step++) {
        const note = (chord[pattern[step] ?? 0] ?? score.tonic) + 12;
        const decay = score.style === 'calm' ? 3 : 6;
        addTone(out, {
          start: at + step * (beat / 2),
          length: beat * 1.5,
          freq: hz(note),
          partials: PURE,
          attack: 0.005,
          release: 0.05,
          decay,
        });
      }
    }
    // Melody in the second section: a quarter-note line on chord tones with passing steps.
    if (full) {
      let degreeNow = degree + 7;
      for (let q = 0; q < 4; q++) {
        const move = next();
        degreeNow += move < 0.35 ? -1 : move < 0.7 ? 1 : move < 0.85 ? 2 : -2;
        // Keep the line near the chord, an octave above the pad.
        degreeNow = Math.min(degree + 11, Math.max(degree + 5, degreeNow));
        const note = degreeNote(score, q === 0 ? degree + 7 : degreeNow) + 12;
        addTone(out, {
          start: at + q * beat,
          length: beat,
          freq: hz(note),
          partials: SOFT,
          attack: 0.03,
          release: 0.15,
          decay: 0,
        });
      }
    }
    // Drums.
    if (score.style !== 'calm' && !outro) {
      const kicks = score.style === 'dynamic' ? [0, 1, 2, 3] : [0, 2];
      for (const k of kicks) {
        add(out, at + k * beat, 0.3, (t) => Math.sin(TAU * (45 * t + (75 / 18) * (1 - Math.exp(-18 * t)))), 14);
      }
      for (let h = 0; h < 8; h++) {
        if (score.style === 'light' && h % 2 === 0) {
          continue;
        }
        add(out, at + h * (beat / 2), 0.06, () => noise() * 2 - 1, 60);
      }
      if (score.style === 'dynamic' && full) {
        for (const s of [1, 3]) {
          add(out, at + s * beat, 0.2, (t) => (noise() * 2 - 1) * 0.7 + Math.sin(TAU * 180 * t) * 0.3, 22);
        }
      }
    }
  }

  // Fades, then the peak brought to 0.85 (tanh keeps stacked voices from clipping hard).
  let peak = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SYNTH_SAMPLE_RATE;
    const fade = Math.min(1, t / FADE_IN_S, (total - t) / FADE_OUT_S);
    const value = Math.tanh((out[i] ?? 0) * 0.35) * Math.max(0, fade);
    out[i] = value;
    peak = Math.max(peak, Math.abs(value));
  }
  const gain = peak > 0 ? 0.85 / peak : 1;
  for (let i = 0; i < out.length; i++) {
    out[i] = (out[i] ?? 0) * gain;
  }
  return out;
}

/** 16-bit mono PCM of rendered samples, ready for encodeWav. */
export function toWav(samples: Float32Array): Wav {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i] ?? 0)) * 32_767), i * 2);
  }
  return { sampleRate: SYNTH_SAMPLE_RATE, channels: 1, bitsPerSample: 16, data };
}
