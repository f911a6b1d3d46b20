import type { Rng } from '../random.ts';
import { pickLeastUsed, ProductSpace, type Choice, type Space, type Usage } from '../space.ts';

/**
 * AI剪辑's sentences in order, each with the windows of the materials it mentions, over the pool of
 * every material. A video never shows one material twice in a row while a material it has not shown
 * remains: a sentence takes, in turn, a matched material not shown yet, a matched one unlike the one
 * before, a pool material not shown yet, any unlike the one before, and only then a repeat.
 * The count is that of the matched choices (what the sentences ask for).
 */
export class SentenceSpace<T> implements Space<T> {
  readonly count: number;
  private readonly matched: ProductSpace<T>;
  private readonly ids: Set<string>[];

  constructor(
    private readonly slots: readonly (readonly Choice<T>[])[],
    private readonly pool: readonly Choice<T>[],
  ) {
    this.matched = new ProductSpace(slots);
    this.count = this.matched.count;
    const all = pool.map((c) => c.id);
    this.ids = slots.map((s) => new Set([...s.map((c) => c.id), ...all]));
  }

  sample(rng: Rng, usage: Usage, slack: number): Choice<T>[] {
    const combo: Choice<T>[] = [];
    for (const slot of this.slots) {
      const shown = new Set(combo.map((c) => c.materialId));
      const before = combo.at(-1)?.materialId;
      const tiers = [
        slot.filter((c) => !shown.has(c.materialId)),
        slot.filter((c) => c.materialId !== before),
        this.pool.filter((c) => !shown.has(c.materialId)),
        this.pool.filter((c) => c.materialId !== before),
        slot,
      ];
      const candidates = tiers.find((t) => t.length > 0) ?? slot;
      combo.push(pickLeastUsed(candidates, rng, usage, slack));
    }
    return combo;
  }

  unrank(rank: number): Choice<T>[] {
    return this.matched.unrank(rank);
  }

  key(combo: readonly Choice<T>[]): string {
    return combo.map((c) => c.id).join('|');
  }

  has(key: string): boolean {
    const parts = key.split('|');
    return parts.length === this.slots.length && parts.every((p, i) => this.ids[i]?.has(p) === true);
  }

  /** Whether a combination keeps the rule (those of `unrank` may not): no material twice in a row while one is unshown. */
  varied(combo: readonly Choice<T>[]): boolean {
    const shown = new Set(combo.map((c) => c.materialId));
    const unshown = this.pool.some((c) => !shown.has(c.materialId));
    return !unshown || combo.every((c, i) => i === 0 || c.materialId !== combo[i - 1]?.materialId);
  }
}
