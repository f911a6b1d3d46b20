import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Msg } from '@vidmatrix/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  imitationSeconds,
  startAzureTtsImitation,
  type AzureTtsImitation,
} from '../../../../test/azure-tts-imitation.ts';
import {
  AZURE_DEFAULT_VOICE,
  AzureTts,
  azureSsml,
  azureTtsConfigOf,
  retryAfterMs,
  type AzureTtsConfig,
} from './azure.ts';
import { createTts } from './create-tts.ts';
import { EspeakTts } from './espeak.ts';
import { floatToPcm16, sherpaConfigOf, SherpaTts } from './sherpa.ts';
import { TtsError } from './tts-provider.ts';
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

  it('picks the voice by environment, and names the variable that is missing or wrong', () => {
    expect(createTts({})).toBeInstanceOf(EspeakTts);
    const sherpa = createTts({ TTS_PROVIDER: 'sherpa', SHERPA_TTS_MODEL_DIR: '/models/vits' });
    expect(sherpa).toBeInstanceOf(SherpaTts);
    // Members see the name: no server path in it.
    expect(sherpa.name).toBe('sherpa-onnx (vits#0)');
    expect(() => createTts({ TTS_PROVIDER: 'sherpa' })).toThrow('SHERPA_TTS_MODEL_DIR');
    const azure = createTts({ TTS_PROVIDER: 'azure', AZURE_TTS_KEY: 'k', AZURE_TTS_REGION: 'eastasia' });
    expect(azure).toBeInstanceOf(AzureTts);
    expect(azure).toMatchObject({ robotic: false, name: `azure (${AZURE_DEFAULT_VOICE})` });
    expect(
      azureTtsConfigOf({ AZURE_TTS_KEY: 'k', AZURE_TTS_REGION: 'eastasia', AZURE_TTS_VOICE: 'zh-CN-YunxiNeural' }),
    ).toEqual({
      key: 'k',
      endpoint: 'https://eastasia.tts.speech.microsoft.com',
      voice: 'zh-CN-YunxiNeural',
    });
    expect(() => createTts({ TTS_PROVIDER: 'azure', AZURE_TTS_REGION: 'eastasia' })).toThrow(
      /^Invalid configuration: AZURE_TTS_KEY /,
    );
    expect(() => createTts({ TTS_PROVIDER: 'azure', AZURE_TTS_KEY: 'k', AZURE_TTS_REGION: ' ' })).toThrow(
      /^Invalid configuration: AZURE_TTS_REGION /,
    );
    expect(() => createTts({ TTS_PROVIDER: 'azure', AZURE_TTS_KEY: 'k', AZURE_TTS_REGION: 'evil.example/x' })).toThrow(
      'AZURE_TTS_REGION',
    );
    expect(() =>
      createTts({ TTS_PROVIDER: 'azure', AZURE_TTS_KEY: 'k', AZURE_TTS_ENDPOINT: 'ftp://speech.example' }),
    ).toThrow('AZURE_TTS_ENDPOINT');
    expect(() =>
      createTts({ TTS_PROVIDER: 'azure', AZURE_TTS_KEY: 'k', AZURE_TTS_REGION: 'eastasia', AZURE_TTS_VOICE: '"/>' }),
    ).toThrow('AZURE_TTS_VOICE');
    expect(() => createTts({ TTS_PROVIDER: 'polly' })).toThrow('TTS_PROVIDER must be espeak, sherpa or azure');
  });
});

describe('Azure Speech voice (against a local imitation of its REST API)', () => {
  const KEY = 'imitation-key';
  let azure: AzureTtsImitation;
  /** The waits the provider asked for between retries (none is waited out). */
  const waits: number[] = [];

  beforeAll(async () => {
    azure = await startAzureTtsImitation(KEY);
  });
  afterAll(() => azure.close());

  function provider(config: Partial<AzureTtsConfig> = {}): AzureTts {
    return new AzureTts({
      key: KEY,
      endpoint: azure.url,
      voice: AZURE_DEFAULT_VOICE,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      ...config,
    });
  }

  function reset(): void {
    azure.requests.length = 0;
    azure.faults.length = 0;
    waits.length = 0;
  }

  it('speaks a sentence into a 24 kHz 16-bit mono WAV as long as the audio it was given', async () => {
    reset();
    const text = '你好，欢迎来到我们的直播间。';
    const out = join(dir, 'azure.wav');
    await provider().synthesize(text, out);
    const wav = parseWav(readFileSync(out));
    expect(wav).toMatchObject({ sampleRate: 24_000, channels: 1, bitsPerSample: 16 });
    expect(wavSeconds(wav)).toBeCloseTo(imitationSeconds(text), 3);
    expect(azure.requests).toHaveLength(1);
    expect(azure.requests[0]).toMatchObject({
      key: KEY,
      contentType: 'application/ssml+xml',
      outputFormat: 'riff-24khz-16bit-mono-pcm',
      voice: AZURE_DEFAULT_VOICE,
      text,
    });
    expect(azure.requests[0]?.userAgent).toBeTruthy();
    // Only the finished file is left: written under a temporary name, then renamed.
    expect(readdirSync(dir).filter((f) => f.startsWith('azure.wav'))).toEqual(['azure.wav']);
    // AZURE_TTS_ENDPOINT may also be given as the whole synthesis URL.
    const { endpoint } = azureTtsConfigOf({
      AZURE_TTS_KEY: KEY,
      AZURE_TTS_ENDPOINT: `${azure.url}/cognitiveservices/v1/`,
    });
    await provider({ endpoint }).synthesize('好。', join(dir, 'azure-2.wav'));
    expect(azure.requests).toHaveLength(2);
  });

  it('escapes <&"\'> in the SSML, so the text arrives as written', async () => {
    reset();
    const text = `价格<99>元 & "包邮" 'A&B' &amp; <voice>`;
    expect(azureSsml(text, AZURE_DEFAULT_VOICE)).toContain(
      '价格&lt;99&gt;元 &amp; &quot;包邮&quot; &apos;A&amp;B&apos; &amp;amp; &lt;voice&gt;',
    );
    expect(azureSsml(text, AZURE_DEFAULT_VOICE)).toMatch(/^<speak [^>]*xml:lang="zh-CN"><voice name="zh-CN-/);
    await provider().synthesize(text, join(dir, 'escaped.wav'));
    expect(azure.requests[0]?.text).toBe(text);
  });

  it('fails at once on a bad key, with a message a member can read, and writes nothing', async () => {
    reset();
    const out = join(dir, 'bad-key.wav');
    const run = provider({ key: 'wrong' }).synthesize('你好。', out);
    await expect(run).rejects.toBeInstanceOf(TtsError);
    await expect(run).rejects.toMatchObject({ message: Msg.clipVoiceAuthFailed, detail: /HTTP 401/, permanent: true });
    expect(azure.requests).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });

  it('retries 429 and 5xx, waiting as long as Retry-After says, then speaks', async () => {
    reset();
    azure.faults.push({ status: 429, retryAfter: '2' }, { status: 500 }, { status: 503, retryAfter: '0' });
    const out = join(dir, 'retried.wav');
    await provider({ backoffMs: 100 }).synthesize('重试以后成功。', out);
    expect(azure.requests).toHaveLength(4);
    // Retry-After: 2 s; no header: the back-off (100 ms, doubled on the second retry); Retry-After: 0.
    expect(waits).toEqual([2000, 200, 0]);
    expect(wavSeconds(parseWav(readFileSync(out)))).toBeGreaterThan(0.5);
  });

  it('gives up after its retries with the voice-failed message; a refused request is not retried', async () => {
    reset();
    azure.faults.push({ status: 500 }, { status: 502 }, { status: 500 });
    await expect(provider({ retries: 2 }).synthesize('失败。', join(dir, 'gave-up.wav'))).rejects.toMatchObject({
      message: Msg.clipVoiceFailed,
      detail: /HTTP 500/,
    });
    expect(azure.requests).toHaveLength(3);
    // Nothing listening: the network error is retried, then named in the detail; a later render may try again.
    await expect(
      provider({ endpoint: 'http://127.0.0.1:1', retries: 1 }).synthesize('无人应答。', join(dir, 'nobody.wav')),
    ).rejects.toMatchObject({ message: Msg.clipVoiceFailed, detail: /ECONNREFUSED/, permanent: false });
    expect(waits).toEqual([1000, 2000, 1000]);
    reset();
    azure.faults.push({ status: 400 });
    await expect(provider().synthesize('坏请求。', join(dir, 'refused.wav'))).rejects.toMatchObject({
      message: Msg.clipVoiceRejected,
    });
    expect(azure.requests).toHaveLength(1);
  });

  it('refuses an answer that is not PCM WAV, leaving no file', async () => {
    reset();
    azure.faults.push({ junk: true });
    const out = join(dir, 'junk.wav');
    await expect(provider().synthesize('你好。', out)).rejects.toMatchObject({
      message: Msg.clipVoiceFailed,
      detail: /no PCM WAV/,
    });
    expect(existsSync(out)).toBe(false);
  });

  it('stops when the render is canceled, mid-request and before a retry', async () => {
    reset();
    azure.faults.push({ stall: true });
    const controller = new AbortController();
    const run = provider().synthesize('取消。', join(dir, 'canceled.wav'), controller.signal);
    await azure.stalled();
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(azure.requests).toHaveLength(1);
    // Waiting out a Retry-After is canceled the same way (the real sleep, not the recording one).
    reset();
    azure.faults.push({ status: 429, retryAfter: '30' });
    const second = new AbortController();
    const waiting = new AzureTts({ key: KEY, endpoint: azure.url, voice: AZURE_DEFAULT_VOICE }).synthesize(
      '取消。',
      join(dir, 'canceled.wav'),
      second.signal,
    );
    await expect.poll(() => azure.requests.length).toBe(1);
    second.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(azure.requests).toHaveLength(1);
    expect(existsSync(join(dir, 'canceled.wav'))).toBe(false);
  });

  it('tries a request again when it outlives its time limit', async () => {
    reset();
    azure.faults.push({ stall: true });
    const out = join(dir, 'slow.wav');
    // The stalled request never answers, so its time limit always runs out; the next one speaks.
    await provider({ timeoutMs: 500 }).synthesize('超时以后重试。', out);
    expect(azure.requests.length).toBeGreaterThanOrEqual(2);
    expect(existsSync(out)).toBe(true);
  });

  it('reads Retry-After as seconds or a date, within bounds', () => {
    const now = Date.parse('2026-11-26T04:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 26 Nov 2026 04:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Thu, 26 Nov 2026 03:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('86400', now)).toBe(30_000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
