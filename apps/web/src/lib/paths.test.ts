import { describe, expect, it } from 'vitest';
import { isMarketingPath, isTokenlessPath, safeRedirect, withRedirect } from './paths.ts';

describe('isTokenlessPath', () => {
  it('allows the SPEC §2.2 whitelist', () => {
    for (const path of ['/login', '/home', '/dashboard', '/homeLogin', '/register', '/download', '/live']) {
      expect(isTokenlessPath(path)).toBe(true);
    }
  });
  it('matches /redirect as a prefix only', () => {
    expect(isTokenlessPath('/redirect/dashboard')).toBe(true);
    expect(isTokenlessPath('/redirect')).toBe(true);
    expect(isTokenlessPath('/redirectx')).toBe(false);
  });
  it('refuses console pages', () => {
    for (const path of ['/setting', '/debugger', '/chromiumPath', '/customer/chat', '/404', '/userCenter']) {
      expect(isTokenlessPath(path)).toBe(false);
    }
  });
  it('ignores a trailing slash', () => {
    expect(isTokenlessPath('/home/')).toBe(true);
  });
});

describe('isMarketingPath', () => {
  it('knows the marketing list', () => {
    expect(isMarketingPath('/home')).toBe(true);
    expect(isMarketingPath('/homeLogin')).toBe(true);
    expect(isMarketingPath('/dashboard')).toBe(false);
    expect(isMarketingPath('/login')).toBe(false);
  });
});

describe('withRedirect', () => {
  it('keeps plain paths readable', () => {
    expect(withRedirect('/homeLogin', '/setting')).toBe('/homeLogin?redirect=/setting');
  });
  it('encodes a query so it survives the round trip', () => {
    const url = withRedirect('/login', '/clip/AddTask?mode=1&id=2');
    expect(new URL(url, 'http://x').searchParams.get('redirect')).toBe('/clip/AddTask?mode=1&id=2');
  });
});

describe('safeRedirect', () => {
  it('refuses other sites', () => {
    expect(safeRedirect('https://evil.example', '/dashboard')).toBe('/dashboard');
    expect(safeRedirect('//evil.example', '/dashboard')).toBe('/dashboard');
    expect(safeRedirect(null, '/dashboard')).toBe('/dashboard');
    expect(safeRedirect('/setting', '/dashboard')).toBe('/setting');
  });
});
