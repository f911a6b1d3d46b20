import { describe, expect, it } from 'vitest';
import { assColor, assText, assTime, writeAss } from './ass.ts';
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
    expect(assText('一二三四五六七', 3)).toBe('一二三\\N四五六\\N七');
  });
  it('writes a script (snapshot)', () => {
    const ass = writeAss(
      SUBTITLE_STYLE,
      [
        { start: 0, end: 1.5, text: '第一句' },
        { start: 1.65, end: 3.2, text: '第二句比较长，需要换行才能显示完整的内容' },
      ],
      { start: 0, end: 3.7, text: '标题', font: 'Noto Sans CJK SC', size: 90, color: '#FFE400' },
    );
    expect(ass).toMatchSnapshot();
    expect(ass).toContain('PlayResX: 1080');
    expect(ass).toContain('Dialogue: 0,0:00:01.65,0:00:03.20,Sub,,0,0,0,,');
  });
});
