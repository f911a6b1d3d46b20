import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeVideo, toneSource } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sherpaAsrImitation } from '../../../../test/sherpa-asr-imitation.ts';
import { ClipRenderer } from '../render.ts';
import { createTranscriber } from './create-transcriber.ts';
import { modelTypeOf, sherpaAsrConfigOf, SherpaTranscriber, speechChunks } from './sherpa-asr.ts';
import { transcriptLines } from './transcriber.ts';

// On-disk recognition with sherpa-onnx (issue 24): no model can be downloaded here, so the recogniser is
// driven through an imitation of the module slice it uses (test/sherpa-asr-imitation.ts), with the sound
// the renderer really extracts, and the config it builds from a model directory laid out as published.

let dir = '';
let wav = '';
const SPANS: [number, number][] = [
  [0.5, 1.7],
  [2.6, 3.6],
];

/** A model directory as sherpa-onnx publishes it (empty files: only the names matter to the config). */
function modelDir(name: string, files: string[]): string {
  const path = join(dir, name);
  mkdirSync(path, { recursive: true });
  for (const file of files) {
    writeFileSync(join(path, file), '');
  }
  return path;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vm-sherpa-asr-'));
  const clip = makeVideo(join(dir, 'head.mp4'), {
    width: 160,
    height: 288,
    rate: 15,
    seconds: 4,
    audio: toneSource({ frequency: 300, seconds: 4, spans: SPANS }),
  });
  wav = join(dir, 'speech.wav');
  await new ClipRenderer().extractSpeech(clip, wav);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('sherpa-onnx recognition', () => {
  it('builds the offline recogniser config from a SenseVoice or Paraformer model directory', async () => {
    const sense = modelDir('sherpa-onnx-sense-voice-zh-en-ja-ko-yue-2024-07-17', [
      'model.onnx',
      'model.int8.onnx',
      'tokens.txt',
    ]);
    expect(await sherpaAsrConfigOf(sense)).toEqual({
      featConfig: { sampleRate: 16000, featureDim: 80 },
      modelConfig: {
        senseVoice: { model: join(sense, 'model.int8.onnx'), language: 'auto', useInverseTextNormalization: 1 },
        tokens: join(sense, 'tokens.txt'),
        numThreads: 2,
        provider: 'cpu',
        debug: 0,
      },
    });
    const para = modelDir('sherpa-onnx-paraformer-zh-2023-09-14', ['model.onnx', 'tokens.txt']);
    expect(await sherpaAsrConfigOf(para)).toMatchObject({
      modelConfig: { paraformer: { model: join(para, 'model.onnx') }, tokens: join(para, 'tokens.txt') },
    });
    // A directory whose name does not say its family needs SHERPA_ASR_MODEL_TYPE.
    const mine = modelDir('my-model', ['model.onnx', 'tokens.txt']);
    await expect(sherpaAsrConfigOf(mine)).rejects.toThrow('SHERPA_ASR_MODEL_TYPE');
    expect(await sherpaAsrConfigOf(mine, 'paraformer')).toMatchObject({ modelConfig: { paraformer: {} } });
    await expect(sherpaAsrConfigOf(modelDir('sense-voice-no-tokens', ['model.onnx']))).rejects.toThrow('tokens.txt');
    expect([modelTypeOf('SenseVoiceSmall'), modelTypeOf('paraformer-large'), modelTypeOf('whisper')]).toEqual([
      'sense_voice',
      'paraformer',
      null,
    ]);
  });

  it('decodes each stretch of speech as one stream of 16 kHz samples, timed from its first token', async () => {
    const sense = modelDir('sherpa-onnx-sense-voice-small', ['model.int8.onnx', 'tokens.txt']);
    const sherpa = sherpaAsrImitation(['大家好，欢迎来到直播间。', '今天全场八折']);
    const transcriber = new SherpaTranscriber(sense, null, () => Promise.resolve(sherpa.module));
    expect(transcriber.name).toBe('本地语音识别（sherpa-onnx-sense-voice-small）');
    const segments = await transcriber.transcribe(wav);
    const [recognizer] = sherpa.made;
    expect(sherpa.made).toHaveLength(1);
    expect(recognizer?.config).toMatchObject({
      modelConfig: { senseVoice: { model: join(sense, 'model.int8.onnx') } },
    });
    // Two stretches of tone, two streams, each fed once with float samples at 16 kHz.
    expect(recognizer?.streams.map((s) => s.waves.map((w) => w.sampleRate))).toEqual([[16000], [16000]]);
    expect(recognizer?.streams.every((s) => s.decoded)).toBe(true);
    expect(segments.map((s) => s.text)).toEqual(['大家好，欢迎来到直播间。', '今天全场八折']);
    for (const [k, [a, b]] of SPANS.entries()) {
      // The piece starts 0.15 s before its speech, and its first token 0.1 s into it; it ends 0.15 s after.
      expect(segments[k]?.start).toBeCloseTo(a - 0.05, 1);
      expect(segments[k]?.end).toBeCloseTo(b + 0.15, 1);
    }
    expect(transcriptLines(segments).lines).toEqual(['大家好，欢迎来到直播间。', '今天全场八折']);
    // The recogniser is made once per process.
    await transcriber.transcribe(wav);
    expect(sherpa.made).toHaveLength(1);
  });

  it('cuts long speech into pieces of 20 s at most', () => {
    const loud = new Float32Array(16000 * 45).fill(0.5);
    expect(speechChunks(loud, 16000).map(([a, b]) => (b - a) / 16000)).toEqual([20, 20, 5]);
    expect(speechChunks(new Float32Array(16000), 16000)).toEqual([]);
  });

  it('says in member words when the model cannot be loaded', async () => {
    const transcriber = new SherpaTranscriber(join(dir, 'missing'), 'sense_voice', () =>
      Promise.reject(new Error("Cannot find package 'sherpa-onnx-node'")),
    );
    await expect(transcriber.transcribe(wav)).rejects.toThrow('语音识别模型无法加载，请联系管理员');
  });

  it('is chosen by ASR_PROVIDER=sherpa with SHERPA_ASR_MODEL_DIR', () => {
    expect(createTranscriber({})).toBeNull();
    expect(createTranscriber({ ASR_PROVIDER: 'sherpa', SHERPA_ASR_MODEL_DIR: '/models/sense-voice' })).toBeInstanceOf(
      SherpaTranscriber,
    );
    expect(() => createTranscriber({ ASR_PROVIDER: 'sherpa' })).toThrow('SHERPA_ASR_MODEL_DIR');
    expect(() =>
      createTranscriber({ ASR_PROVIDER: 'sherpa', SHERPA_ASR_MODEL_DIR: '/m', SHERPA_ASR_MODEL_TYPE: 'whisper' }),
    ).toThrow('SHERPA_ASR_MODEL_TYPE');
    expect(() => createTranscriber({ ASR_PROVIDER: 'vosk' })).toThrow('ASR_PROVIDER must be openai or sherpa');
    expect(() => createTranscriber({ ASR_PROVIDER: 'openai' })).toThrow('ASR_BASE_URL');
  });
});
