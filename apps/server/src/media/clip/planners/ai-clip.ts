import type { ClipTaskInputOf } from '@vidmatrix/contract/api/clip-task';
import type { ClipMaterial, ClipPlan } from '../plan-model.ts';
import { CLIP_SEGMENT_SECONDS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { createRng } from '../random.ts';
import { UnionSpace, pickDistinct } from '../space.ts';
import { SentenceSpace } from './sentence-space.ts';
import {
  ClipInputError,
  dedupOf,
  materialOf,
  musicDealer,
  planOf,
  segmentOf,
  templateOf,
  transitionOf,
  windowsOf,
  type PlanContext,
  type Window,
} from './shared.ts';

/** Words of a material that may appear in a sentence: its tags and the words of its name. */
function wordsOf(m: ClipMaterial): string[] {
  const name = m.name.replace(/\.[a-z0-9]+$/i, '');
  return [...m.tags, ...name.split(/[\s_\-—,，.。()（）[\]【】]+/)].map((w) => w.trim()).filter((w) => w.length >= 2);
}

/** The materials a sentence mentions (by tag or name); the whole pool when it mentions none. */
export function matchMaterials(sentence: string, pool: readonly ClipMaterial[]): number[] {
  const hits = pool.filter((m) => wordsOf(m).some((w) => sentence.includes(w))).map((m) => m.id);
  return hits.length ? hits : pool.map((m) => m.id);
}

/** AI剪辑: each written script's sentences matched to the pool; scripts × per-sentence choices. */
export function planAiClip(task: ClipTaskInputOf<7>, ctx: PlanContext): ClipPlan[] {
  if (task.scripts.length === 0) {
    throw new ClipInputError(Msg.clipScriptRequired);
  }
  const template = templateOf(task);
  const rng = createRng(task.seed, 7);
  const pool = [...new Set(task.materialIds)].map((id) => materialOf(ctx, id));
  const windows = windowsOf(ctx, task.materialIds, CLIP_SEGMENT_SECONDS);
  const parts = task.scripts.map(
    (sentences) =>
      new SentenceSpace(
        sentences.map((s) => windowsOf(ctx, matchMaterials(s, pool), CLIP_SEGMENT_SECONDS)),
        windows,
      ),
  );
  const space = new UnionSpace(parts);
  const picks = pickDistinct(space, task.count, rng, ctx.avoid, (combo) =>
    (parts[space.partOf(combo)] as SentenceSpace<Window>).varied(combo),
  );
  const music = musicDealer(task, template, rng);
  return picks.map(({ key, combo }, index) => {
    const own = createRng(task.seed, 7, index);
    const part = space.partOf(combo);
    const sentences = task.scripts[part] ?? [];
    return planOf(
      task,
      index,
      key,
      {
        segments: combo.map((c, i) =>
          segmentOf(c.value, CLIP_SEGMENT_SECONDS, i, transitionOf(template, own, i === 0), own),
        ),
        paragraphs: sentences,
        voiced: true,
        musicId: music(index),
        main: null,
        // The model's title for its script; the template's only when it wrote none.
        title: task.titles[part]?.trim() || undefined,
      },
      dedupOf(task.dedup, own),
    );
  });
}
