import { FAILURE_REASONS } from '@vidmatrix/contract/rules/publish-result';
import { describe, expect, it } from 'vitest';
import { reasonLabel } from './publish-labels.ts';

describe('reasonLabel', () => {
  it('gives every reason a runner reports Chinese words, never its code', () => {
    for (const reason of FAILURE_REASONS) {
      expect(reasonLabel(reason), reason).not.toMatch(/[A-Za-z]/);
    }
    expect(reasonLabel('rate_limited')).toBe('平台提示操作频繁');
    expect(reasonLabel('profile_busy')).toBe('账号正被另一个发布器使用');
  });

  it('reads a reason from a newer runner as 发布出错', () => {
    expect(reasonLabel('some_new_reason')).toBe('发布出错');
  });
});
