import { Readable } from 'node:stream';
import { siteSetting } from '@vidmatrix/contract/api/setting';
import { APP_CONFIG_CATE_ID } from '@vidmatrix/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReleaseService } from '../src/modules/setting/release.service.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** Where the seed points the Windows client (a release the desktop build publishes). */
const WINDOWS_KEY = 'releases/win/AI获客矩阵-Setup.exe';

async function publishRelease(key: string): Promise<void> {
  await ctx.app.storage.put(key, Readable.from([Buffer.from('MZ release')]), 'application/octet-stream');
}

async function call<T>(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: T }>() };
}

describe('public settings', () => {
  it('site settings without a token', async () => {
    const { status, body } = await call('GET', '/api/setting.Setting/setting');
    expect(status).toBe(200);
    const data = siteSetting.strict().parse(body.data);
    expect(data.system_name).toBe('AI获客矩阵');
    expect(data.logo_url).toMatch(/\.svg$/);
  });

  it('app config of category 12', async () => {
    const { body } = await call<{ config_label: string; config_value: string }[]>(
      'POST',
      '/api/setting.Setting/getConfigValueCate',
      { config_cate_id: APP_CONFIG_CATE_ID },
    );
    const config = Object.fromEntries(body.data.map((c) => [c.config_label, c.config_value]));
    expect(config).toEqual({
      appName: 'AI获客矩阵',
      'merchant-ico': expect.stringMatching(/^\/static\/.+\.svg$/) as unknown,
      'admin-logo': expect.stringMatching(/^\/static\/.+\.svg$/) as unknown,
      max_file_num: '9',
    });
    const logo = await ctx.app.inject({ method: 'GET', url: config['admin-logo'] ?? '' });
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toContain('<svg');
  });

  it('an unknown category is an empty list; a bad one is refused', async () => {
    expect((await call('POST', '/api/setting.Setting/getConfigValueCate', { config_cate_id: 999 })).body.data).toEqual(
      [],
    );
    const bad = await call('POST', '/api/setting.Setting/getConfigValueCate', { config_cate_id: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
  });

  it('client links are offered only once the release file exists (issue 13.11)', async () => {
    const links = async () =>
      (
        await call<{ mac_config_url: string; windows_url: string }>(
          'GET',
          '/api/setting.SystemVersion/getNewVersionInfo',
        )
      ).body.data;
    // The seeded paths point into storage where nothing has been published yet: no dead link.
    expect(await links()).toEqual({ mac_config_url: '', windows_url: '' });
    await publishRelease(WINDOWS_KEY);
    const published = await links();
    expect(published.windows_url).toMatch(/\.exe$/);
    expect(published.mac_config_url).toBe('');
    expect((await ctx.app.inject({ method: 'GET', url: published.windows_url })).statusCode).toBe(200);
  });
});

describe('version codes', () => {
  it('come from the version name: the seed is 1.0.0 at 10000, and a release refuses a code that disagrees', async () => {
    const { body } = await call<{ versionName: string }>(
      'GET',
      '/api/setting.SystemVersion/versionInfo?platform=2&version_code=1',
    );
    expect(body.data.versionName).toBe('1.0.0');
    const rows = await ctx.db.selectFrom('client_version').select(['platform', 'version_code']).execute();
    expect(rows.map((r) => r.version_code)).toEqual([10000, 10000, 10000]);

    const releases = new ReleaseService({ ...ctx.deps, storage: ctx.app.storage });
    const release = { platform: 'win', notes: '', files: [] } as const;
    await expect(releases.publish({ ...release, versionName: '1.2.0', versionCode: 120 })).rejects.toThrow(
      /1\.2\.0, whose code is 10200/,
    );
    await expect(releases.publish({ ...release, versionName: '1.100.0' })).rejects.toThrow(/minor and patch up to 99/);
    // The name's own code passes these checks (and then wants its files).
    await expect(releases.publish({ ...release, versionName: '1.2.0', versionCode: 10200 })).rejects.toThrow(
      /NSIS installer/,
    );
  });
});

describe('version check', () => {
  it('offers a newer version only once its download exists, then with versionCode and downloadUrl', async () => {
    await ctx.app.storage.delete(WINDOWS_KEY);
    const before = await call('GET', '/api/setting.SystemVersion/versionInfo?platform=1&version_code=1');
    expect(Object.keys(before.body.data as object).sort()).toEqual(['versionInfo', 'versionName']);
    await publishRelease(WINDOWS_KEY);
    const { body } = await call('GET', '/api/setting.SystemVersion/versionInfo?platform=1&version_code=1');
    expect(body.data).toEqual({
      versionCode: 10000,
      versionName: '1.0.0',
      versionInfo: expect.any(String) as unknown,
      downloadUrl: expect.stringMatching(/\.exe$/) as unknown,
    });
  });

  it('returns only name and notes when up to date', async () => {
    for (const platform of ['web', '1', '2']) {
      const { body } = await call(
        'GET',
        `/api/setting.SystemVersion/versionInfo?platform=${platform}&version_code=10000`,
      );
      expect(Object.keys(body.data as object).sort()).toEqual(['versionInfo', 'versionName']);
    }
  });

  it('refuses an unknown platform', async () => {
    const { status } = await call('GET', '/api/setting.SystemVersion/versionInfo?platform=linux&version_code=1');
    expect(status).toBe(400);
  });
});
