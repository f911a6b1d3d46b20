import { describe, expect, it } from 'vitest';
import { linesPerGroup, narrationOf } from './written-scripts.ts';

const drafts = (...scripts: string[][]) => ({ scripts: scripts.map((lines) => ({ title: '', lines })) });

describe('帮我写文案 into the modes’ own fields', () => {
  it('a script becomes one narration that keeps its sentence ends', () => {
    expect(narrationOf(['早上好', '来一杯现磨咖啡。', '欢迎光临！'])).toBe('早上好。来一杯现磨咖啡。欢迎光临！');
  });
  it('分组混剪: sentence i of every script goes to group i, the last group takes the rest', () => {
    const written = drafts(['开场一', '中段一', '结尾一', '补充一'], ['开场二', '中段二']);
    expect(linesPerGroup(3, written)).toEqual(['开场一\n开场二', '中段一\n中段二', '结尾一\n补充一']);
  });
  it('分组混剪: a group no script reaches is left as it was (null)', () => {
    expect(linesPerGroup(3, drafts(['只有一句']))).toEqual(['只有一句', null, null]);
  });
});
