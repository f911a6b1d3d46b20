import { describe, expect, it } from 'vitest';
import { checkImportRow, headerMismatchMessage, headersMatch, platformLookup } from './account-import.ts';

const platformOf = platformLookup([
  { id: 1, name: '抖音' },
  { id: 2, name: '快手' },
]);

describe('headersMatch', () => {
  it('wants the five headers in order, trailing blanks allowed', () => {
    expect(headersMatch(['昵称', '备注', '平台', '分组', '代理IP'])).toBe(true);
    expect(headersMatch(['昵称', '备注', '平台', '分组', '代理IP', '', ''])).toBe(true);
    expect(headersMatch(['昵称', '平台', '备注', '分组', '代理IP'])).toBe(false);
    expect(headersMatch(['昵称', '备注', '平台', '分组'])).toBe(false);
    expect(headersMatch([])).toBe(false);
  });
  it('names the expected headers in its message', () => {
    expect(headerMismatchMessage()).toContain('昵称、备注、平台、分组、代理IP');
  });
});

describe('checkImportRow', () => {
  it('parses a good row; platform by name or id', () => {
    expect(checkImportRow(['  号一 ', '备注', '抖音', '组A', '1.2.3.4'], platformOf)).toEqual({
      ok: true,
      row: { nickname: '号一', remarks: '备注', platformId: 1, groupName: '组A', ipCode: '1.2.3.4' },
    });
    expect(checkImportRow(['号二', '', '2'], platformOf)).toMatchObject({
      ok: true,
      row: { platformId: 2, groupName: '' },
    });
  });
  it('gives a reason for each bad row', () => {
    expect(checkImportRow(['', 'x', '抖音'], platformOf)).toEqual({ ok: false, reason: '昵称不能为空' });
    expect(checkImportRow(['a', '', '推特'], platformOf)).toEqual({ ok: false, reason: '平台不存在：推特' });
    expect(checkImportRow(['a', '', ''], platformOf)).toEqual({ ok: false, reason: '平台不存在：（空）' });
    expect(checkImportRow(['a'.repeat(65), '', '抖音'], platformOf)).toEqual({ ok: false, reason: '昵称过长' });
  });
});
