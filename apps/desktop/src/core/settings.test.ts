import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings, openSettings } from './settings.ts';

const defaults = defaultSettings('https://console.example.com');

describe('settings store', () => {
  it('starts from the defaults and persists changes as JSON', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'settings-')), 'settings.json');
    const store = await openSettings(file, defaults);
    expect(store.get()).toEqual(defaults);
    await store.update({ chromiumPath: '/usr/bin/chromium', logLevel: 'debug', devtools: true });
    const reopened = await openSettings(file, defaults);
    expect(reopened.get()).toEqual({
      ...defaults,
      chromiumPath: '/usr/bin/chromium',
      logLevel: 'debug',
      devtools: true,
    });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ logLevel: 'debug' });
  });

  it('keeps the valid fields of a damaged file and refuses invalid changes', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'settings-')), 'settings.json');
    await writeFile(file, JSON.stringify({ logLevel: 'loud', showRunnerBrowser: true, serverUrl: 'ftp://x' }));
    const store = await openSettings(file, defaults);
    expect(store.get()).toEqual({ ...defaults, showRunnerBrowser: true });
    await expect(store.update({ logLevel: 'verbose' as 'info' })).rejects.toThrow();
    expect(store.get().logLevel).toBe('info');
  });

  it('starts over when the file is not JSON', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'settings-')), 'settings.json');
    await writeFile(file, '{not json');
    expect((await openSettings(file, defaults)).get()).toEqual(defaults);
  });
});
