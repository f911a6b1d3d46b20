import { describe, expect, it } from 'vitest';
import { bytesReader, mp4DurationSec } from './mp4-duration.ts';

function box(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + body.length);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(body, 8);
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function mvhdV0(timescale: number, duration: number): Uint8Array {
  const body = new Uint8Array(100);
  const v = new DataView(body.buffer);
  v.setUint32(12, timescale);
  v.setUint32(16, duration);
  return box('mvhd', body);
}

function mvhdV1(timescale: number, duration: bigint): Uint8Array {
  const body = new Uint8Array(112);
  body[0] = 1;
  const v = new DataView(body.buffer);
  v.setUint32(20, timescale);
  v.setBigUint64(24, duration);
  return box('mvhd', body);
}

const ftyp = box('ftyp', new TextEncoder().encode('isom\0\0\0\0isomiso2mp41'));
const read = (bytes: Uint8Array) => mp4DurationSec(bytesReader(bytes), bytes.length);

describe('mp4DurationSec', () => {
  it('reads the duration of a file whose moov comes first (fast start)', async () => {
    const file = concat(
      ftyp,
      box('moov', concat(mvhdV0(1000, 12_500), box('trak', new Uint8Array(20)))),
      box('mdat', new Uint8Array(64)),
    );
    expect(await read(file)).toBe(12.5);
  });

  it('finds moov after the media data, and reads a version 1 mvhd', async () => {
    const file = concat(
      ftyp,
      box('free', new Uint8Array(4)),
      box('mdat', new Uint8Array(300)),
      box('moov', mvhdV1(90_000, 90_000n * 61n)),
    );
    expect(await read(file)).toBe(61);
  });

  it('steps over a box with a 64-bit size', async () => {
    const mdat = new Uint8Array(16 + 40);
    const v = new DataView(mdat.buffer);
    v.setUint32(0, 1);
    mdat.set(new TextEncoder().encode('mdat'), 4);
    v.setBigUint64(8, BigInt(mdat.length));
    expect(await read(concat(ftyp, mdat, box('moov', mvhdV0(600, 1800))))).toBe(3);
  });

  it('answers undefined for what is not an mp4, a file without mvhd, or a truncated one', async () => {
    expect(await read(new TextEncoder().encode('<html>not a video</html>'))).toBeUndefined();
    expect(await read(concat(ftyp, box('mdat', new Uint8Array(10))))).toBeUndefined();
    const whole = concat(ftyp, box('moov', mvhdV0(1000, 5000)));
    expect(await read(whole.subarray(0, whole.length - 90))).toBeUndefined();
    expect(await read(concat(ftyp, box('moov', mvhdV0(0, 5000))))).toBeUndefined();
  });
});
