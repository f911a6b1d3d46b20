import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);
const config = parse(readFileSync(new URL('../electron-builder.yml', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

describe('electron-builder configuration', () => {
  it('passes electron-builder’s own schema', async () => {
    // The same check `electron-builder` runs before a build (which needs the Electron binary).
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      validateConfiguration: (config: unknown, logger: unknown) => Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('builds nsis for Windows and dmg (+ zip for updates) for macOS, published on a generic feed', () => {
    expect(config).toMatchObject({
      win: { target: [{ target: 'nsis' }] },
      mac: { target: [{ target: 'dmg' }, { target: 'zip' }] },
      publish: { provider: 'generic', channel: 'latest' },
      files: ['dist/**', 'package.json'],
    });
  });
});
