import { SEEDED_TEMPLATES } from '@vidmatrix/contract/rules/clip-templates';
import { describe, expect, it } from 'vitest';
import { PREVIEW_LINE, templatePreviewArgs, templatePreviewAss } from './template-preview.ts';
import { shares } from './timeline.ts';

const [classic, smooth] = SEEDED_TEMPLATES.map((t) => t.template);

describe('template preview still', () => {
  it('burns the sample line in the template style and applies its look', () => {
    const ass = templatePreviewAss(smooth!);
    expect(ass).toContain(PREVIEW_LINE.slice(0, 8));
    expect(ass).toContain('WenQuanYi Micro Hei');
    const args = templatePreviewArgs(
      smooth!,
      { ass: '/t/a.ass', fontsDir: '/f', output: '/t/p.jpg' },
      { width: 540, height: 960 },
    );
    const graph = args[args.indexOf('-i') + 1] ?? '';
    expect(graph).toContain('colorbalance');
    expect(graph).toContain('subtitles=filename=/t/a.ass:fontsdir=/f');
    expect(args.slice(-3)).toEqual(['-q:v', '4', '/t/p.jpg']);
    expect(
      templatePreviewArgs(classic!, { ass: '/a', fontsDir: '/f', output: '/o' }, { width: 540, height: 960 }).join(' '),
    ).not.toContain('colorbalance');
  });
});

describe('一键成片 timing', () => {
  const run = [{ length: 3 }, { length: 3 }, { length: 3 }, { length: 3 }];
  it('stretches only the middle groups when the voice outlasts the footage', () => {
    expect(shares(run, 20, true)).toEqual([3, 7, 7, 3]);
    expect(shares(run, 20, false)).toEqual([5, 5, 5, 5]);
  });
  it('shares a shorter voice equally', () => {
    expect(shares(run, 8, true)).toEqual([2, 2, 2, 2]);
    expect(shares(run.slice(0, 2), 20, true)).toEqual([10, 10]);
  });
});
