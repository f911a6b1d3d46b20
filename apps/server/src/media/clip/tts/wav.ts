/** PCM WAV reading and writing (pure): durations exact to the sample, voice tracks laid out in time. */

export interface Wav {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** The PCM samples. */
  data: Buffer;
}

/** Reads a PCM WAV (RIFF chunks in any order; espeak-ng writes a data size of 0x7fffffff when piping). */
export function parseWav(buffer: Buffer): Wav {
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAV file');
  }
  let offset = 12;
  let format: Omit<Wav, 'data'> | null = null;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (buffer.readUInt16LE(body) !== 1) {
        throw new Error('only PCM WAV is supported');
      }
      format = {
        channels: buffer.readUInt16LE(body + 2),
        sampleRate: buffer.readUInt32LE(body + 4),
        bitsPerSample: buffer.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!format) {
        throw new Error('WAV data before its format');
      }
      const end = Math.min(buffer.length, body + size);
      const frame = format.channels * (format.bitsPerSample / 8);
      // A streamed header may over-state the size: keep whole frames that are really there.
      return { ...format, data: buffer.subarray(body, body + Math.floor((end - body) / frame) * frame) };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV without data');
}

/** Seconds of a WAV: its sample frames over its rate. */
export function wavSeconds(wav: Wav): number {
  return wav.data.length / (wav.channels * (wav.bitsPerSample / 8)) / wav.sampleRate;
}

/** A WAV file of some PCM. */
export function encodeWav(wav: Wav): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = wav.channels * (wav.bitsPerSample / 8);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + wav.data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(wav.channels, 22);
  header.writeUInt32LE(wav.sampleRate, 24);
  header.writeUInt32LE(wav.sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(wav.bitsPerSample, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(wav.data.length, 40);
  return Buffer.concat([header, wav.data]);
}

/**
 * One voice track of `duration` seconds with each sentence placed at its start (silence between),
 * so the voice matches the timeline and its cues to the sample. All parts share one format.
 */
export function layoutWav(parts: readonly Wav[], starts: readonly number[], duration: number): Wav {
  const first = parts[0];
  if (!first) {
    throw new Error('no voice parts');
  }
  const frame = first.channels * (first.bitsPerSample / 8);
  const data = Buffer.alloc(Math.ceil(duration * first.sampleRate) * frame);
  parts.forEach((part, i) => {
    if (
      part.sampleRate !== first.sampleRate ||
      part.channels !== first.channels ||
      part.bitsPerSample !== first.bitsPerSample
    ) {
      throw new Error('voice parts differ in format');
    }
    const at = Math.round((starts[i] ?? 0) * first.sampleRate) * frame;
    part.data.copy(data, at, 0, Math.max(0, Math.min(part.data.length, data.length - at)));
  });
  return { ...first, data };
}

/** 16-bit PCM samples times `gain`, clipped (the voice preview at the member's volume). */
export function gainWav(wav: Wav, gain: number): Wav {
  if (wav.bitsPerSample !== 16) {
    throw new Error(`gain needs 16-bit PCM, not ${wav.bitsPerSample}-bit`);
  }
  const data = Buffer.alloc(wav.data.length - (wav.data.length % 2));
  for (let i = 0; i < data.length; i += 2) {
    data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(wav.data.readInt16LE(i) * gain))), i);
  }
  return { ...wav, data };
}
