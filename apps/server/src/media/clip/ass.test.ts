import { describe, expect, it } from 'vitest';
import { assColor, assText, assTime, breakLines, writeAss } from './ass.ts';
import { titleStyle, type SubtitleStyle } from '@vidmatrix/contract/api/clip-task';
import { subtitlePreset } from '@vidmatrix/contract/rules/clip-styles';
import { SUBTITLE_STYLE } from './clip-fixtures.ts';

describe('ASS writer', () => {
  it('writes times to the centisecond, rounding', () => {
    expect(assTime(0)).toBe('0:00:00.00');
    expect(assTime(1.234)).toBe('0:00:01.23');
    expect(assTime(1.235)).toBe('0:00:01.24');
    expect(assTime(3725.5)).toBe('1:02:05.50');
  });
  it('writes colours as &HAABBGGRR', () => {
    expect(assColor('#FF8000')).toBe('&H000080FF');
    expect(assColor('#000000', 0x80)).toBe('&H80000000');
  });
  it('escapes override blocks and wraps Chinese text by width', () => {
    expect(assText('{\\b1}你好', 10)).toBe('｛＼b1｝你好');
    expect(assText('一二三四五六七', 3)).toBe('一二三\\N四五\\N六七');
  });
  it('balances lines and never leaves one or two characters alone (issue 24: 豆, 下单)', () => {
    const lines = (text: string, perLine: number) => breakLines([...text], perLine);
    // 13 characters a line: the old break left 豆 and 下单 alone on the last line.
    expect(lines('今天给大家推荐一款特别好喝的咖啡豆', 13)).toEqual(['今天给大家推荐一款', '特别好喝的咖啡豆']);
    expect(lines('喜欢的朋友赶紧点击下方链接去下单', 14)).toEqual(['喜欢的朋友赶紧点', '击下方链接去下单']);
    expect(lines('一二三四五六七八九十一二三四五六七八九十一二', 10)).toEqual([
      '一二三四五六七八',
      '九十一二三四五',
      '六七八九十一二',
    ]);
    for (let n = 1; n <= 60; n += 1) {
      const out = lines('字'.repeat(n), 13);
      expect(out.join('')).toBe('字'.repeat(n));
      expect(Math.max(...out.map((l) => l.length))).toBeLessThanOrEqual(13);
      if (out.length > 1) {
        expect(Math.min(...out.map((l) => l.length))).toBeGreaterThan(2);
      }
    }
  });
  it('keeps closing marks off the start of a line', () => {
    expect(breakLines([...'一二三四，五六'], 6)).toEqual(['一二三', '四，五六']);
    // Moving back would leave six for a line of five: the mark stays on the line before instead.
    expect(breakLines([...'一二三四五，六七八九'], 5)).toEqual(['一二三四五，', '六七八九']);
    // A comma near the even split is where the line breaks.
    expect(breakLines([...'第二句比较长，需要换行才能显示完整的内容'], 13)).toEqual([
      '第二句比较长，',
      '需要换行才能显示完整的内容',
    ]);
  });
  it('writes a script (snapshot)', () => {
    const ass = writeAss(
      SUBTITLE_STYLE,
      [
        { start: 0, end: 1.5, text: '第一句' },
        { start: 1.65, end: 3.2, text: '第二句比较长，需要换行才能显示完整的内容' },
      ],
      { start: 0, end: 3.7, text: '标题', style: titleStyle.parse({ text: '标题', font: 'Noto Sans CJK SC' }) },
    );
    expect(ass).toMatchSnapshot();
    expect(ass).toContain('PlayResX: 1080');
    expect(ass).toContain('Dialogue: 0,0:00:01.65,0:00:03.20,Sub,,0,0,0,,');
  });
  it("lays text out in the frame's own shape, fonts still sized against a 1080 short side", () => {
    const cues = [{ start: 0, end: 1, text: '一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十' }];
    const wide = writeAss(SUBTITLE_STYLE, cues, null, { width: 320, height: 180 });
    expect(wide).toContain('PlayResX: 1920\nPlayResY: 1080');
    const tall = writeAss(SUBTITLE_STYLE, cues, null, { width: 180, height: 320 });
    expect(tall).toContain('PlayResX: 1080\nPlayResY: 1920');
    // A wider frame fits more characters on a line, so the same text takes fewer lines.
    const lines = (ass: string) => (ass.split('\n').find((l) => l.startsWith('Dialogue')) ?? '').split('\\N').length;
    expect(lines(wide)).toBeLessThan(lines(tall));
  });
  it('writes a seeded style whole: bold, stroke, a box in its colour and opacity, and a place by % of the height', () => {
    const bar = subtitlePreset('bottom-bar', 'F') as SubtitleStyle;
    const ass = writeAss(bar, [{ start: 0, end: 1, text: '字幕条' }], null, { width: 1080, height: 1920 });
    // BorderStyle 3 with the box colour at 65 % opacity (alpha 0x59) as the outline colour.
    expect(ass).toMatch(/^Style: Sub,F,56,&H00FFFFFF,&H00FFFFFF,&H59000000,.*,3,8,0,2,/m);
    expect(ass).toContain(`{\\an5\\pos(540,${Math.round(1920 * 0.86)})}字幕条`);
    const variety = writeAss(
      subtitlePreset('variety', 'F') as SubtitleStyle,
      [{ start: 0, end: 1, text: '综艺' }],
      null,
    );
    expect(variety).toMatch(/^Style: Sub,F,76,&H0000E4FF,&H0000E4FF,&H00000000,&H80000000,-1,.*,1,6,0,/m);
  });
});
