import { readdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseWav } from '../tts/wav.ts';
import { TranscribeError, type Transcriber, type TranscriptSegment } from './transcriber.ts';

// On-disk recognition with sherpa-onnx (as the neural voice, tts/sherpa.ts): `sherpa-onnx-node` is the
// operator's to install and is loaded at run time; the model is an offline SenseVoice or Paraformer
// directory as sherpa-onnx publishes them (model.onnx or model.int8.onnx, and tokens.txt). The sound
// comes as the renderer's 16 kHz mono WAV (extractSpeech), is cut at its pauses into pieces of at most
// CHUNK_SECONDS (offline models decode a sentence or a few at once, not an hour), and each piece is one
// stream: its text is one segment, from the piece's first token to the piece's end.

/** The result of one decoded stream (sherpa-onnx-node's OfflineRecognizerResult, the fields read here). */
export interface SherpaAsrResult {
  text: string;
  /** Start of each token, seconds in the stream. */
  timestamps?: number[];
  tokens?: string[];
}

/** One offline stream: the samples it is fed. */
export interface SherpaOfflineStream {
  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
}

/** The recogniser of a model directory. */
export interface SherpaOfflineRecognizer {
  createStream(): SherpaOfflineStream;
  decode(stream: SherpaOfflineStream): void;
  /** Off the main thread (newer releases); decode + getResult otherwise. */
  decodeAsync?(stream: SherpaOfflineStream): Promise<SherpaAsrResult>;
  getResult(stream: SherpaOfflineStream): SherpaAsrResult;
}

/** The slice of `sherpa-onnx-node` this recogniser uses (the package is the operator's to install). */
export interface SherpaAsrModule {
  OfflineRecognizer: new (config: unknown) => SherpaOfflineRecognizer;
}

/** The offline model families read: SenseVoice (punctuated, zh/en/yue/ja/ko) and Paraformer (zh). */
export type SherpaAsrModelType = 'sense_voice' | 'paraformer';

/** Longest piece of sound decoded as one stream, seconds. */
const CHUNK_SECONDS = 20;
/** Frames of this length decide speech from pause, seconds. */
const FRAME_SECONDS = 0.03;
/** A frame louder than this (RMS of samples in [-1, 1], about -35 dBFS) is speech. */
const SPEECH_RMS = 0.018;
/** Pauses shorter than this do not end a piece; pieces keep this much sound around their speech, seconds. */
const BRIDGE_SECONDS = 0.4;
const PAD_SECONDS = 0.15;

/** The family of a model directory by its published name (sherpa-onnx-sense-voice-…, sherpa-onnx-paraformer-…). */
export function modelTypeOf(dirName: string): SherpaAsrModelType | null {
  if (/sense[-_]?voice/i.test(dirName)) {
    return 'sense_voice';
  }
  return /paraformer/i.test(dirName) ? 'paraformer' : null;
}

/** The sherpa-onnx offline recogniser config of a model directory (int8 model first: a third of the CPU). */
export async function sherpaAsrConfigOf(
  modelDir: string,
  type: SherpaAsrModelType | null = null,
  threads = 2,
): Promise<unknown> {
  const names = await readdir(modelDir);
  const model =
    ['model.int8.onnx', 'model.onnx'].find((n) => names.includes(n)) ?? names.find((n) => n.endsWith('.onnx'));
  if (!model || !names.includes('tokens.txt')) {
    throw new Error(`${modelDir} needs model.onnx (or model.int8.onnx) and tokens.txt`);
  }
  const family = type ?? modelTypeOf(basename(modelDir));
  if (!family) {
    throw new Error(`${modelDir}: set SHERPA_ASR_MODEL_TYPE to sense_voice or paraformer`);
  }
  const file = join(modelDir, model);
  return {
    featConfig: { sampleRate: 16000, featureDim: 80 },
    modelConfig: {
      ...(family === 'sense_voice'
        ? { senseVoice: { model: file, language: 'auto', useInverseTextNormalization: 1 } }
        : { paraformer: { model: file } }),
      tokens: join(modelDir, 'tokens.txt'),
      numThreads: threads,
      provider: 'cpu',
      debug: 0,
    },
  };
}

/** 16-bit PCM as float samples in [-1, 1] (the first channel). */
export function pcm16ToFloat(data: Buffer, channels = 1): Float32Array {
  const frames = Math.floor(data.length / (2 * channels));
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i += 1) {
    out[i] = data.readInt16LE(i * 2 * channels) / 0x8000;
  }
  return out;
}

/**
 * The pieces of a recording to decode, [from, to) in samples: its speech (frames over SPEECH_RMS),
 * pauses shorter than BRIDGE_SECONDS bridged, padded by PAD_SECONDS, and cut to CHUNK_SECONDS at most.
 */
export function speechChunks(samples: Float32Array, sampleRate: number, most = CHUNK_SECONDS): [number, number][] {
  const frame = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  const spans: [number, number][] = [];
  for (let at = 0; at < samples.length; at += frame) {
    const end = Math.min(samples.length, at + frame);
    let sum = 0;
    for (let i = at; i < end; i += 1) {
      sum += (samples[i] ?? 0) ** 2;
    }
    if (Math.sqrt(sum / (end - at)) < SPEECH_RMS) {
      continue;
    }
    const last = spans.at(-1);
    if (last && at - last[1] <= BRIDGE_SECONDS * sampleRate) {
      last[1] = end;
    } else {
      spans.push([at, end]);
    }
  }
  const pad = Math.round(PAD_SECONDS * sampleRate);
  const limit = Math.round(most * sampleRate);
  const chunks: [number, number][] = [];
  for (const [a, b] of spans) {
    const from = Math.max(0, a - pad);
    const to = Math.min(samples.length, b + pad);
    for (let at = from; at < to; at += limit) {
      chunks.push([at, Math.min(to, at + limit)]);
    }
  }
  return chunks;
}

/** Recognition on this host with an operator-supplied sherpa-onnx offline model (SHERPA_ASR_MODEL_DIR). */
export class SherpaTranscriber implements Transcriber {
  readonly name: string;
  readonly identity: string;
  private engine: Promise<SherpaOfflineRecognizer> | undefined;

  constructor(
    private readonly modelDir: string,
    private readonly type: SherpaAsrModelType | null = null,
    /** Loads `sherpa-onnx-node` (tests hand in an imitation of its slice). */
    private readonly load: () => Promise<SherpaAsrModule> = loadSherpaOnnx,
  ) {
    // Members see the name: the model directory's own name, not where it lies on the server.
    this.name = `本地语音识别（${basename(modelDir)}）`;
    this.identity = JSON.stringify(['sherpa', resolve(modelDir), type ?? modelTypeOf(basename(modelDir))]);
  }

  private recognizer(): Promise<SherpaOfflineRecognizer> {
    this.engine ??= (async () => {
      const sherpa = await this.load();
      return new sherpa.OfflineRecognizer(await sherpaAsrConfigOf(this.modelDir, this.type));
    })();
    // A failed load (the package or the model missing) is tried again next time.
    this.engine.catch(() => (this.engine = undefined));
    return this.engine;
  }

  async transcribe(audioPath: string, signal?: AbortSignal): Promise<TranscriptSegment[]> {
    let recognizer: SherpaOfflineRecognizer;
    try {
      recognizer = await this.recognizer();
    } catch (error) {
      throw new TranscribeError('语音识别模型无法加载，请联系管理员', (error as Error).message);
    }
    const wav = parseWav(await readFile(audioPath));
    const samples = pcm16ToFloat(wav.data, wav.channels);
    const rate = wav.sampleRate;
    const segments: TranscriptSegment[] = [];
    for (const [from, to] of speechChunks(samples, rate)) {
      signal?.throwIfAborted();
      const stream = recognizer.createStream();
      stream.acceptWaveform({ samples: samples.slice(from, to), sampleRate: rate });
      let result: SherpaAsrResult;
      if (recognizer.decodeAsync) {
        result = await recognizer.decodeAsync(stream);
      } else {
        recognizer.decode(stream);
        result = recognizer.getResult(stream);
      }
      const text = result.text.trim();
      if (text) {
        const first = result.timestamps?.[0] ?? 0;
        segments.push({ start: round3((from + first * rate) / rate), end: round3(to / rate), text });
      }
    }
    return segments;
  }
}

/** `sherpa-onnx-node`, when the operator installed it. */
async function loadSherpaOnnx(): Promise<SherpaAsrModule> {
  // A module name in a variable: bundlers and the type checker leave the optional package alone.
  const name = 'sherpa-onnx-node';
  const mod = (await import(name)) as SherpaAsrModule | { default: SherpaAsrModule };
  return 'OfflineRecognizer' in mod ? mod : mod.default;
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
