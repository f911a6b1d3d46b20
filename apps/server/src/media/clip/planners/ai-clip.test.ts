import { clipTaskInput } from '@vidmatrix/contract/api/clip-task';
import { type ClipMaterial } from '../plan-model.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planAiClip } from './ai-clip.ts';

// The batch: six materials, one tagged 蛋糕. Sentences that name no material drew from the whole
// pool with nothing keeping one video from drawing the same material again: clips 6,6,1,1 with four
// materials never shown.
const materials = new Map<number, ClipMaterial>(
  [1, 2, 3, 4, 5, 6].map((id) => [
    id,
    { id, kind: 'video', name: `m${id}.mp4`, duration: 6, width: 1920, height: 1080, tags: id === 6 ? ['蛋糕'] : [] },
  ]),
);
const template = {
  subtitle: { font: 'WenQuanYi Micro Hei' },
  title: { text: '模板标题', font: 'WenQuanYi Micro Hei' },
};

function task(count: number, seed: number, titles: string[] = []) {
  const parsed = clipTaskInput.parse({
    clip_model: 7,
    name: 't',
    count,
    seed,
    template,
    textContext: { product: '蛋糕' },
    materialIds: [1, 2, 3, 4, 5, 6],
    scripts: [
      ['今天上新。', '限时优惠。', '快来看看。', '马上下单。'],
      ['蛋糕松软。', '蛋糕香甜。'],
    ],
    titles,
  });
  if (parsed.clip_model !== 7) {
    throw new Error('not mode 7');
  }
  return parsed;
}

describe('AI剪辑 planner', () => {
  it('never shows the same clip twice in a row, nor a material again while one is unshown (the 6,6,1,1 case)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 8 }), (seed, count) => {
        for (const plan of planAiClip(task(count, seed), { materials })) {
          const ids = plan.segments.map((s) => s.materialId);
          const clips = plan.segments.map((s) => `${s.materialId}@${s.start}`);
          clips.slice(1).forEach((clip, i) => expect(clip).not.toBe(clips[i]));
          if (plan.paragraphs.length === 4) {
            // Four sentences naming nothing, six materials: four different ones.
            expect(new Set(ids).size).toBe(4);
          } else {
            // Both sentences name 蛋糕: they keep to it, in two different clips of it.
            expect(ids).toEqual([6, 6]);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('titles each video with the title the model wrote for its script, the template’s only when it wrote none', () => {
    const plans = planAiClip(task(6, 3, ['上新文案', '']), { materials });
    for (const plan of plans) {
      expect(plan.title).toBe(plan.paragraphs.length === 4 ? '上新文案' : '模板标题');
    }
    expect(new Set(plans.map((p) => p.paragraphs.length))).toEqual(new Set([4, 2]));
  });
});
