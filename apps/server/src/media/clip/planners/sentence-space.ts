import type { Rng } from '../random.ts';
import { pickLeastUsed, ProductSpace, type Choice, type Space, type Usage } from '../space.ts';

/**
 * AI剪辑's sentences in order, each with the windows of the materials it mentions (all of them when
 * it mentions none), over the pool of every material. A video never shows the same clip twice in a
 * row, and moves on to a material it has not shown while one remains: a sentence takes, in turn, a
 * mentioned material not shown yet, a mentioned one unlike the one before, another window of the one
 * before (a sentence keeps to what it names), then a pool material not shown yet or unlike the one
 * before. The count is that of the mentioned choices (what the sentences ask for).
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

  /** What slot `i` may take after `before`: the first non-empty tier of the rule. */
  private allowed(i: number, before: readonly Choice<T>[]): readonly Choice<T>[] {
    const slot = this.slots[i] ?? [];
    const shown = new Set(before.map((c) => c.materialId));
    const last = before.at(-1);
    const tiers = [
      slot.filter((c) => !shown.has(c.materialId)),
      slot.filter((c) => c.materialId !== last?.materialId),
      slot.filter((c) => c.id !== last?.id),
      this.pool.filter((c) => !shown.has(c.materialId)),
      this.pool.filter((c) => c.materialId !== last?.materialId),
    ];
    return tiers.find((t) => t.length > 0) ?? slot;
  }

  sample(rng: Rng, usage: Usage, slack: number): Choice<T>[] {
    const combo: Choice<T>[] = [];
    for (let i = 0; i < this.slots.length; i += 1) {
      combo.push(pickLeastUsed(this.allowed(i, combo), rng, usage, slack));
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

  /** Whether a combination keeps the rule (those of `unrank` may not). */
  varied(combo: readonly Choice<T>[]): boolean {
    return combo.every((c, i) => this.allowed(i, combo.slice(0, i)).includes(c));
  }
}
