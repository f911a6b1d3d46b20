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
  });
});
