import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIP_FONT } from './clip-templates.ts';
import { fontDisplayName } from './font-names.ts';

describe('fontDisplayName', () => {
  it('gives the default subtitle font its Chinese name', () => {
    expect(fontDisplayName(DEFAULT_CLIP_FONT)).toBe('文泉驿微米黑');
    expect(fontDisplayName('Noto Sans CJK SC')).toBe('思源黑体');
  });
  it('shows an unknown family as installed', () => {
    expect(fontDisplayName('方正兰亭黑')).toBe('方正兰亭黑');
  });
});
