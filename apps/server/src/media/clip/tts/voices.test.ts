import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAzureTtsImitation } from '../../../../test/azure-tts-imitation.ts';
import { AzureTts } from './azure.ts';
import { EspeakTts } from './espeak.ts';
import { SherpaTts } from './sherpa.ts';
import { parseWav, wavSeconds } from './wav.ts';

// Every voice a provider offers, and the speed a task chooses (issue 24). Azure is its local imitation.

const dir = mkdtempSync(join(tmpdir(), 'vm-voices-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('voices per provider', () => {
  it("espeak-ng offers this host's Chinese languages with female and male variants, and speaks at the chosen speed", async () => {
    const tts = new EspeakTts();
    const voices = await tts.voices();
    expect(voices[0]).toMatchObject({ id: 'cmn', name: '普通话男声', robotic: true });
    expect(voices).toContainEqual({ id: 'cmn+f3', name: '普通话女声', gender: 'female', robotic: true });
    const seconds = async (speed: number) => {
      const file = join(dir, `s${speed}.wav`);
      await tts.synthesize('今天全场商品限时优惠。', file, undefined, { voice: 'cmn+f3', speed });
      return wavSeconds(parseWav(readFileSync(file)));
    };
    expect(await seconds(2)).toBeLessThan((await seconds(1)) * 0.7);
    await expect(tts.synthesize('x', join(dir, 'x.wav'), undefined, { voice: '--help' })).rejects.toThrow();
  });

  it("Azure's voices come from the service's list: the Chinese ones, named in Chinese, the configured first", async () => {
    const azure = await startAzureTtsImitation('k');
    try {
      const tts = new AzureTts({ key: 'k', endpoint: azure.url, voice: 'zh-CN-YunxiNeural', retries: 0 });
      const voices = await tts.voices();
      expect(voices.map((v) => v.id)).toEqual([
        'zh-CN-YunxiNeural',
        'zh-CN-XiaoxiaoNeural',
        'zh-CN-liaoning-XiaobeiNeural',
        'zh-HK-HiuGaaiNeural',
      ]);
      expect(voices[1]).toMatchObject({ name: '晓晓（女声，普通话）', gender: 'female' });
      expect(voices[2]?.name).toContain('东北话');
      await tts.synthesize('你好，欢迎光临。', join(dir, 'az.wav'), undefined, {
        voice: 'zh-CN-XiaoxiaoNeural',
        speed: 1.5,
      });
      expect(azure.requests.at(-1)).toMatchObject({
        voice: 'zh-CN-XiaoxiaoNeural',
        rate: 1.5,
        text: '你好，欢迎光临。',
      });
      const refused = new AzureTts({ key: 'wrong', endpoint: azure.url, voice: 'zh-CN-YunxiNeural', retries: 0 });
      await expect(refused.voices()).rejects.toThrow('语音合成服务认证失败');
    } finally {
      await azure.close();
    }
  });

  it('sherpa-onnx offers each model directory found on disk', async () => {
    const root = join(dir, 'models');
    for (const name of ['vits-zh-aishell3', 'matcha-zh-baker', 'empty']) {
      mkdirSync(join(root, name), { recursive: true });
    }
    for (const name of ['vits-zh-aishell3', 'matcha-zh-baker']) {
      writeFileSync(join(root, name, 'model.onnx'), '');
      writeFileSync(join(root, name, 'tokens.txt'), '');
    }
    const voices = await new SherpaTts(root).voices();
    expect(voices.map((v) => v.id)).toEqual(['matcha-zh-baker', 'vits-zh-aishell3']);
    expect(voices[0]).toMatchObject({ name: '神经网络音色 matcha-zh-baker', robotic: false });
  });
});
