import { describe, expect, it } from 'vitest';
import { encodeWav, layoutWav, parseWav, wavSeconds, type Wav } from './wav.ts';

const tone = (samples: number, value: number): Wav => {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    data.writeInt16LE(value, i * 2);
  }
  return { sampleRate: 1000, channels: 1, bitsPerSample: 16, data };
};

describe('WAV', () => {
  it('round-trips and measures to the sample', () => {
    const wav = parseWav(encodeWav(tone(1234, 7)));
    expect(wav.sampleRate).toBe(1000);
    expect(wavSeconds(wav)).toBe(1.234);
  });
  it('trusts the bytes over a streamed header that over-states its size', () => {
    const file = encodeWav(tone(10, 1));
    file.writeUInt32LE(0x7fffffff, 40);
    expect(wavSeconds(parseWav(file))).toBe(0.01);
  });
  it('lays sentences out at their start times with silence between', () => {
    const out = layoutWav([tone(100, 5), tone(50, 9)], [0.2, 0.5], 1);
    expect(wavSeconds(out)).toBe(1);
    expect(out.data.readInt16LE(199 * 2)).toBe(0);
    expect(out.data.readInt16LE(200 * 2)).toBe(5);
    expect(out.data.readInt16LE(299 * 2)).toBe(5);
    expect(out.data.readInt16LE(300 * 2)).toBe(0);
    expect(out.data.readInt16LE(500 * 2)).toBe(9);
    expect(out.data.readInt16LE(550 * 2)).toBe(0);
  });
  it('refuses what is not PCM WAV', () => {
    expect(() => parseWav(Buffer.from('hello world, not a wav'))).toThrow('not a WAV');
  });
});
