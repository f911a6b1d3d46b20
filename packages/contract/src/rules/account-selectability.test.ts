import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIST_PLATFORM_IDS, COOKIE_AUTH_PLATFORM_IDS } from '../constants.ts';
import { Msg } from '../messages.ts';
import { accountSelectability, canReauthorize, SELECTOR_PLATFORM_IDS } from './account-selectability.ts';

const account = (platform_id: number, cookie_auth_status: number | null, access_status: number | null = 1) => ({
  platform_id,
  cookie_auth_status,
  access_status,
});

describe('accountSelectability — cookie-auth platforms', () => {
  it.each(COOKIE_AUTH_PLATFORM_IDS)('platform %i: authorized is selectable', (p) => {
    expect(accountSelectability(account(p, 1))).toEqual({ selectable: true, tooltip: null });
  });
  it.each(COOKIE_AUTH_PLATFORM_IDS)('platform %i: expired shows 该账号发布授权过期', (p) => {
    expect(accountSelectability(account(p, 2))).toEqual({ selectable: false, tooltip: Msg.publishAuthExpired });
  });
  it.each(COOKIE_AUTH_PLATFORM_IDS)('platform %i: unauthorized shows 该账号未授权', (p) => {
    expect(accountSelectability(account(p, 0))).toEqual({ selectable: false, tooltip: Msg.notAuthorized });
    expect(accountSelectability(account(p, null))).toEqual({ selectable: false, tooltip: Msg.notAuthorized });
  });
});

describe('accountSelectability — access-auth platforms', () => {
  it.each([2, 6])('platform %i: access_status 1 is selectable', (p) => {
    expect(accountSelectability(account(p, 0, 1)).selectable).toBe(true);
  });
  it.each([2, 6])('platform %i: other access_status shows 该账号平台授权过期', (p) => {
    expect(accountSelectability(account(p, 1, 0))).toEqual({ selectable: false, tooltip: Msg.platformAuthExpired });
    expect(accountSelectability(account(p, 1, null))).toEqual({ selectable: false, tooltip: Msg.platformAuthExpired });
  });
});

describe('accountSelectability — image-clip mode', () => {
  it('platform 6 is never selectable in image-clip mode', () => {
    expect(accountSelectability(account(6, 1, 1), { imageClip: true }).selectable).toBe(false);
  });
  it('other platforms are unaffected by image-clip mode', () => {
    expect(accountSelectability(account(2, 0, 1), { imageClip: true }).selectable).toBe(true);
  });
});

describe('accountSelectability — other platforms', () => {
  it.each([3, 5, 11, 13, 14])('platform %i has no rule', (p) => {
    expect(accountSelectability(account(p, 0, 0)).selectable).toBe(true);
  });
});

describe('accountSelectability — publishing', () => {
  it.each([1, 2, 3, 4, 5, 6, 16])('an expired login on platform %i cannot publish: 该账号发布授权过期', (p) => {
    expect(accountSelectability(account(p, 2, 1), { publish: true })).toEqual({
      selectable: false,
      tooltip: Msg.publishAuthExpired,
    });
  });
});

describe('canReauthorize', () => {
  it.each([1, 2, 4, 7, 8, 9, 10, 12, 15, 16, 17, 18])('platform %i offers re-authorization', (p) => {
    expect(canReauthorize(p)).toBe(true);
  });
  // A batch posts to 小红书 and 哔哩哔哩 on the account's own login: without 重新授权 a member could
  // never give the runner one (the walkthrough found it).
  it.each([3, 5])('platform %i, which the publisher signs in to, does too', (p) => {
    expect(canReauthorize(p)).toBe(true);
  });
  it.each([6, 11, 13, 14])('platform %i does not', (p) => {
    expect(canReauthorize(p)).toBe(false);
  });
});

describe('SELECTOR_PLATFORM_IDS', () => {
  it('holds the §9 list, platform 6 (its §5.4 rules are selector rules) and the publishable 3 and 5', () => {
    expect(SELECTOR_PLATFORM_IDS).toEqual(expect.arrayContaining([...ACCOUNT_LIST_PLATFORM_IDS, 3, 5, 6]));
    expect(SELECTOR_PLATFORM_IDS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18]);
  });
});
