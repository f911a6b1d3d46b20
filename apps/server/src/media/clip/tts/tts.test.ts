import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTts } from './create-tts.ts';
import { EspeakTts } from './espeak.ts';
import { floatToPcm16, sherpaConfigOf, SherpaTts } from './sherpa.ts';
import { parseWav, wavSeconds } from './wav.ts';

const dir = mkdtempSync(join(tmpdir(), 'vm-tts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('voices', () => {
  it('espeak-ng speaks Mandarin into a WAV whose length grows with the text', async () => {
    const tts = new EspeakTts();
    await tts.synthesize('你好。', join(dir, 'short.wav'));
    await tts.synthesize('你好，欢迎来到我们的直播间，今天所有商品都有优惠。', join(dir, 'long.wav'));
    const short = wavSeconds(parseWav(readFileSync(join(dir, 'short.wav'))));
    const long = wavSeconds(parseWav(readFileSync(join(dir, 'long.wav'))));
    expect(short).toBeGreaterThan(0.2);
    expect(long).toBeGreaterThan(short * 2);
    expect(tts.robotic).toBe(true);
  });

  it('espeak-ng reads option-like text as text', async () => {
    await new EspeakTts().synthesize('--help -w /etc/passwd', join(dir, 'odd.wav'));
    expect(wavSeconds(parseWav(readFileSync(join(dir, 'odd.wav'))))).toBeGreaterThan(0.5);
  });

  it('turns sherpa float samples into 16-bit PCM, clipping', () => {
    const wav = floatToPcm16(new Float32Array([0, 1, -1, 2, -0.5]), 16000);
    expect([0, 1, 2, 3, 4].map((i) => wav.data.readInt16LE(i * 2))).toEqual([0, 32767, -32768, 32767, -16384]);
  });

  it('reads a sherpa model directory', async () => {
    const model = join(dir, 'vits-zh');
    mkdirSync(join(model, 'dict'), { recursive: true });
    for (const f of ['model.onnx', 'tokens.txt', 'lexicon.txt', 'number.fst', 'date.fst']) {
      writeFileSync(join(model, f), '');
    }
    const config = (await sherpaConfigOf(model)) as { ruleFsts: string };
    expect(config.ruleFsts.split(',').sort()).toEqual([join(model, 'date.fst'), join(model, 'number.fst')]);
    expect(config).toMatchObject({
      model: {
        vits: {
          model: join(model, 'model.onnx'),
          lexicon: join(model, 'lexicon.txt'),
          dictDir: join(model, 'dict'),
          dataDir: '',
        },
      },
    });
    await expect(sherpaConfigOf(dir)).rejects.toThrow('tokens.txt');
  });

  it('picks the voice by environment', () => {
    expect(createTts({})).toBeInstanceOf(EspeakTts);
    expect(createTts({ TTS_PROVIDER: 'sherpa', SHERPA_TTS_MODEL_DIR: '/models/vits' })).toBeInstanceOf(SherpaTts);
    expect(() => createTts({ TTS_PROVIDER: 'sherpa' })).toThrow('SHERPA_TTS_MODEL_DIR');
  });
});
