import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown.ts';

describe('content markdown', () => {
  it('reads headings, lists and paragraphs', () => {
    expect(parseMarkdown('## 一、范围\n本协议\n适用。\n\n- 甲\n- 乙\n1. 一\n2. 二\n\n<b>x</b>')).toEqual([
      { type: 'heading', text: '一、范围' },
      { type: 'paragraph', text: '本协议适用。' },
      { type: 'list', ordered: false, items: ['甲', '乙'] },
      { type: 'list', ordered: true, items: ['一', '二'] },
      { type: 'paragraph', text: '<b>x</b>' },
    ]);
  });

  it('splits code and strong runs', () => {
    expect(parseInline('运行 `npm run runner` 后**立即**生效')).toEqual([
      { type: 'text', text: '运行 ' },
      { type: 'code', text: 'npm run runner' },
      { type: 'text', text: ' 后' },
      { type: 'strong', text: '立即' },
      { type: 'text', text: '生效' },
    ]);
  });
});
