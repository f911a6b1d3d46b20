import { describe, expect, it } from 'vitest';
import { isUpdate, versionPlatform } from './get-version-info.ts';

describe('version check', () => {
  it('maps the shell OS to the version platform', () => {
    expect(versionPlatform('win32')).toBe('1');
    expect(versionPlatform('darwin')).toBe('2');
    expect(versionPlatform(undefined)).toBe('web');
  });
  it('is an update only with both versionCode and downloadUrl (SPEC §4)', () => {
    expect(isUpdate({ versionCode: 3, versionName: '1.2', versionInfo: '', downloadUrl: 'https://x/y.exe' })).toBe(
      true,
    );
    expect(isUpdate({ versionCode: 3, versionName: '1.2', versionInfo: '' })).toBe(false);
    expect(isUpdate({ versionName: '1.2', versionInfo: '', downloadUrl: 'https://x' })).toBe(false);
  });
});
