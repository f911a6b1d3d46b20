import { describe, expect, it } from 'vitest';
import { subtitlePreset, SUBTITLE_PRESETS, titlePreset, TITLE_PRESETS } from '../rules/clip-styles.ts';
import { clipLogo, subtitleStyle, titleArray, titleStyle } from './clip-style.ts';
import { clipDubbing } from './clip-voice.ts';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('clip styles, voice and logo', () => {
  it('accepts every seeded style as it stands', () => {
    for (const p of SUBTITLE_PRESETS) {
      expect(subtitleStyle.safeParse(subtitlePreset(p.key, 'F')).success).toBe(true);
    }
    for (const p of TITLE_PRESETS) {
      expect(titleStyle.safeParse(titlePreset(p.key, 'F', '标题')).success).toBe(true);
    }
    expect(new Set(SUBTITLE_PRESETS.map((p) => p.name)).size).toBeGreaterThanOrEqual(6);
  });

  it('refuses each field out of range in Chinese, naming the field', () => {
    expect(first(subtitleStyle.safeParse({ font: 'F', size: 999 }))).toBe('字幕字号需在 24–160 之间');
    expect(first(subtitleStyle.safeParse({ font: 'F', color: 'red' }))).toContain('颜色需为 #RRGGBB');
    expect(first(subtitleStyle.safeParse({ font: 'F', outline: 40 }))).toContain('描边宽度');
    expect(first(subtitleStyle.safeParse({ font: 'F', y: 120 }))).toContain('文字位置');
    expect(first(clipDubbing.safeParse({ voice: 'v', speed: 3 }))).toBe('配音语速需在 0.5–2 倍之间');
    expect(first(clipDubbing.safeParse({ voice: 'v', volume: 500 }))).toBe('配音音量需在 10%–200% 之间');
    expect(first(clipDubbing.safeParse({ voice: '' }))).toContain('配音音色');
    expect(first(clipLogo.safeParse({ materialId: 1, size: 90 }))).toContain('台标大小');
    expect(first(clipLogo.safeParse({ materialId: 1, opacity: 0 }))).toContain('台标不透明度');
    expect(first(clipLogo.safeParse({ materialId: 1, corner: 'middle' }))).toContain('台标位置');
    expect(first(titleArray.safeParse(Array.from({ length: 21 }, () => '标题')))).toBe('标题最多20个');
  });
});
