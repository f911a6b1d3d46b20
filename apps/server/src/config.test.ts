import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      redisPrefix: 'vidmatrix',
      demoAccount: 'demo',
      demoPassword: undefined,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads the environment', () => {
    const config = loadConfig({ PORT: '9000', DATABASE_URL: 'postgres://x', TRUST_PROXY: '2', DEMO_PASSWORD: ' ' });
    expect(config).toMatchObject({ port: 9000, databaseUrl: 'postgres://x', trustProxy: 2, demoPassword: undefined });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }).trustProxy).toBe('10.0.0.1,10.0.0.2');
  });

  it('refuses a bad port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be an integer between 0 and 65535/);
  });

  it('names every bad variable in one error', () => {
    const bad = () => loadConfig({ JOBS: 'maybe', LOG_LEVEL: 'loud', REDIS_URL: 'not a url' });
    expect(bad).toThrow(/^Invalid configuration: /);
    expect(bad).toThrow(/JOBS must be on or off/);
    expect(bad).toThrow(/LOG_LEVEL must be one of/);
    expect(bad).toThrow(/REDIS_URL must be a redis:\/\/ URL/);
  });

  it('reads the storage driver and its S3 settings, and refuses an unknown driver', () => {
    expect(loadConfig({}).storage).toMatchObject({ driver: 'local', s3: { region: 'us-east-1', endpoint: undefined } });
    const s3 = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: ' media ', S3_ENDPOINT: 'http://minio:9000' }).storage;
    expect(s3).toMatchObject({ driver: 's3', s3: { bucket: 'media', endpoint: 'http://minio:9000' } });
    expect(() => loadConfig({ STORAGE_DRIVER: 'S3 ' })).toThrow(/STORAGE_DRIVER must be local or s3/);
  });

  it('checks the speech-recognition variables at start', () => {
    expect(() => loadConfig({ ASR_PROVIDER: 'sherpa', SHERPA_ASR_MODEL_DIR: '/models/sense-voice' })).not.toThrow();
    expect(() => loadConfig({ ASR_BASE_URL: 'https://asr.example/v1', ASR_MODEL: 'sensevoice' })).not.toThrow();
    const bad = () =>
      loadConfig({ ASR_PROVIDER: 'vosk', ASR_BASE_URL: 'asr.example', SHERPA_ASR_MODEL_TYPE: 'whisper' });
    expect(bad).toThrow(/ASR_PROVIDER must be openai or sherpa/);
    expect(bad).toThrow(/ASR_BASE_URL must be an http\(s\) URL/);
    expect(bad).toThrow(/SHERPA_ASR_MODEL_TYPE must be sense_voice or paraformer/);
  });

  it('reads JOBS and the ffmpeg paths', () => {
    expect(loadConfig({})).toMatchObject({ jobs: 'on', ffmpegPath: undefined, ffprobePath: undefined });
    expect(loadConfig({ JOBS: 'off', FFMPEG_PATH: '/opt/ff/ffmpeg', FFPROBE_PATH: ' /opt/ff/ffprobe ' })).toMatchObject(
      {
        jobs: 'off',
        ffmpegPath: '/opt/ff/ffmpeg',
        ffprobePath: '/opt/ff/ffprobe',
      },
    );
  });

  it('reads the clip video height: 9:16, a multiple of 32', () => {
    expect(loadConfig({}).clipSize).toEqual({ width: 1080, height: 1920 });
    expect(loadConfig({ CLIP_HEIGHT: '1280' }).clipSize).toEqual({ width: 720, height: 1280 });
    expect(loadConfig({ CLIP_HEIGHT: '640' }).clipSize).toEqual({ width: 360, height: 640 });
    for (const bad of ['1000', '288', '4096', 'tall', '1280.5']) {
      expect(() => loadConfig({ CLIP_HEIGHT: bad })).toThrow(/CLIP_HEIGHT must be a multiple of 32 from 320 to 3840/);
    }
  });
});
