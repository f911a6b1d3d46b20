// A local imitation of the slice of `sherpa-onnx-node` that on-disk recognition uses (the package cannot
// be installed with a model here), for tests only. It follows the published node-addon API
// (k2-fsa/sherpa-onnx scripts/node-addon-api/lib/non-streaming-asr.js and types.js): `new
// OfflineRecognizer(config)`, `createStream()`, `stream.acceptWaveform({ samples, sampleRate })`,
// `decode(stream)` then `getResult(stream)` answering an OfflineRecognizerResult ({ lang, emotion, event,
// text, timestamps, tokens, … }). It records what it was given and answers the texts it was handed, one
// per decoded stream, whatever the samples say; getResult before decode answers no text, as the addon does.

/** One stream as the imitation saw it. */
export class OfflineStreamImitation {
  readonly waves: { samples: Float32Array; sampleRate: number }[] = [];
  decoded = false;

  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void {
    if (!(wave.samples instanceof Float32Array) || !Number.isInteger(wave.sampleRate)) {
      throw new TypeError('acceptWaveform expects { samples: Float32Array, sampleRate: integer }');
    }
    this.waves.push(wave);
  }
}

/** `sherpa-onnx-node`'s module slice: OfflineRecognizer, answering `texts` in turn. */
export function sherpaAsrImitation(texts: string[]) {
  const made: OfflineRecognizerImitation[] = [];
  let next = 0;
  class OfflineRecognizerImitation {
    readonly streams: OfflineStreamImitation[] = [];

    constructor(readonly config: unknown) {
      made.push(this);
    }

    createStream(): OfflineStreamImitation {
      const stream = new OfflineStreamImitation();
      this.streams.push(stream);
      return stream;
    }

    decode(stream: OfflineStreamImitation): void {
      stream.decoded = true;
    }

    getResult(stream: OfflineStreamImitation) {
      const text = stream.decoded ? (texts[next++] ?? '') : '';
      const tokens = [...text];
      // Tokens 0.06 s apart from 0.1 s into the stream, as a model that heard a short lead-in would stamp them.
      return {
        lang: '<|zh|>',
        emotion: '<|NEUTRAL|>',
        event: '<|Speech|>',
        text,
        tokens,
        timestamps: tokens.map((_, i) => 0.1 + i * 0.06),
      };
    }
  }
  return { module: { OfflineRecognizer: OfflineRecognizerImitation }, made };
}
