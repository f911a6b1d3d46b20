import { describe, expect, it } from 'vitest';
import { isVersionName, versionCodeOf } from './version-code.ts';

describe('version codes', () => {
  it('derive from the version name, so later names have larger codes', () => {
    expect(versionCodeOf('1.0.0')).toBe(10_000);
    expect(versionCodeOf('v1.2.3')).toBe(10_203);
    expect(versionCodeOf('2.0.0-beta.1')).toBe(20_000);
    expect(versionCodeOf('v2.10.0-beta.1')).toBe(21_000);
    expect(versionCodeOf('0.1.0')).toBe(100);
    const names = ['0.9.99', '1.0.0', '1.0.1', '1.2.0', '1.10.0', '2.0.0'];
    const codes = names.map(versionCodeOf);
    expect([...codes].sort((a, b) => a - b)).toEqual(codes);
    expect(new Set(codes).size).toBe(names.length);
  });

  it('accept only names whose parts fit the code', () => {
    expect(isVersionName('1.2.0')).toBe(true);
    expect(isVersionName('1.2.0-rc.1')).toBe(true);
    expect(isVersionName('1.100.0')).toBe(false);
    expect(isVersionName('1.2')).toBe(false);
    expect(isVersionName('v1.2.0')).toBe(false);
  });
});
