import { describe, expect, it } from 'vitest';
import { accessLabel, cookieAuthLabel } from './account-status.ts';

describe('cookieAuthLabel', () => {
  it.each([
    [1, '已授权', 'success'],
    [2, '授权过期', 'warning'],
    [0, '未授权', 'default'],
    [3, '未授权', 'default'],
    [null, '未授权', 'default'],
  ] as const)('status %s → %s', (status, label, color) => {
    expect(cookieAuthLabel(status)).toEqual({ label, color });
  });
});

describe('accessLabel', () => {
  it('1 is OK, anything else abnormal', () => {
    expect(accessLabel(1)).toEqual({ label: '访问正常', color: 'success' });
    expect(accessLabel(0).label).toBe('访问异常');
    expect(accessLabel(undefined).label).toBe('访问异常');
  });
});
