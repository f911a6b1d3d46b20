import { describe, expect, it } from 'vitest';
import { driftText } from './drift.ts';

describe('drift check words', () => {
  it('names the elements a changed page lacks, in the order found', () => {
    expect(driftText('changed', ['上传按钮', '标题输入框'])).toBe('页面已变化（缺少：上传按钮、标题输入框）');
    expect(driftText('ok', [])).toBe('正常');
    expect(driftText('unchecked', [])).toBe('未检查');
  });
});
