import { addCapped, arrange, choose, COUNT_CAP, product } from '@vidmatrix/contract/rules/clip-count';
import { Msg, fillMsg } from '@vidmatrix/contract/messages';
import type { Rng } from './random.ts';

/** One candidate for a slot: an id unique in its space, the material it spends, and a payload. */
export interface Choice<T> {
  id: string;
  materialId: number;
  value: T;
}

/** How often each segment, material and (union) part has been used so far in the batch. */
export interface Usage {
  segment: Map<string, number>;
  material: Map<number, number>;
  part: Map<number, number>;
}

/** Usage with nothing used yet. */
export function emptyUsage(): Usage {
  return { segment: new Map(), material: new Map(), part: new Map() };
}

/** All the distinct videos some inputs allow, as tuples of choices. */
export interface Space<T> {
  /** How many distinct combinations there are (saturating at COUNT_CAP). */
  readonly count: number;
  /** A random combination leaning toward the least-used choices; `slack` widens the lean. */
  sample(rng: Rng, usage: Usage, slack: number): Choice<T>[];
  /** The combination of a rank in [0, count) (only called while count is small). */
  unrank(rank: number): Choice<T>[];
  /** The canonical key of a combination (order-free for unordered picks). */
  key(combo: readonly Choice<T>[]): string;
  /** Whether a key belongs to this space. */
  has(key: string): boolean;
}

/**
 * The request asks for more distinct videos than the inputs allow; `max` is what they allow. Zero left
 * after the combinations already made reads 已全部生成过; zero from the inputs themselves names the 0.
 */
export class ClipCapacityError extends Error {
  constructor(
    readonly max: number,
    afterMade = true,
  ) {
    super(max > 0 || !afterMade ? fillMsg(Msg.clipTooMany, { n: max }) : Msg.clipExhausted);
  }
}

/** Picks one of `candidates` whose use is within `slack` of the least used, skipping `taken`. */
export function pickLeastUsed<T>(
  candidates: readonly Choice<T>[],
  rng: Rng,
  usage: Usage,
  slack: number,
  taken?: ReadonlySet<Choice<T>>,
): Choice<T> {
  // One pass for the uses, one for the eligible: this runs K times per draw, N draws per task.
  const uses = new Array<number>(candidates.length);
  let min = Infinity;
  for (let i = 0; i < candidates.length; i += 1) {
    const c = candidates[i] as Choice<T>;
    if (taken?.has(c)) {
      uses[i] = Infinity;
      continue;
    }
    const use = (usage.segment.get(c.id) ?? 0) + (usage.material.get(c.materialId) ?? 0);
    uses[i] = use;
    if (use < min) {
      min = use;
    }
  }
  const eligible: Choice<T>[] = [];
  for (let i = 0; i < candidates.length; i += 1) {
    if ((uses[i] as number) <= min + slack) {
      eligible.push(candidates[i] as Choice<T>);
    }
  }
  return rng.pick(eligible);
}

/** k distinct choices from one pool; ordered (arrangements) or not (sets, key sorted). */
export class PickSpace<T> implements Space<T> {
  readonly count: number;
  private readonly ids: Set<string>;

  constructor(
    private readonly pool: readonly Choice<T>[],
    private readonly k: number,
    private readonly ordered: boolean,
  ) {
    this.count = ordered ? arrange(pool.length, k) : choose(pool.length, k);
    this.ids = new Set(pool.map((c) => c.id));
  }

  sample(rng: Rng, usage: Usage, slack: number): Choice<T>[] {
    const taken = new Set<Choice<T>>();
    const combo: Choice<T>[] = [];
    for (let i = 0; i < this.k; i += 1) {
      const c = pickLeastUsed(this.pool, rng, usage, slack, taken);
      taken.add(c);
      combo.push(c);
    }
    return combo;
  }

  unrank(rank: number): Choice<T>[] {
    const m = this.pool.length;
    if (this.ordered) {
      // Mixed radix m, m-1, …: each digit indexes the choices still free.
      const free = [...this.pool];
      const combo: Choice<T>[] = [];
      let r = rank;
      for (let i = 0; i < this.k; i += 1) {
        const sub = arrange(m - i - 1, this.k - i - 1);
        const digit = Math.floor(r / sub);
        r -= digit * sub;
        combo.push(...free.splice(digit, 1));
      }
      return combo;
    }
    // Lexicographic combination unranking.
    const combo: Choice<T>[] = [];
    let r = rank;
    let next = 0;
    for (let slot = this.k; slot > 0; slot -= 1) {
      for (let i = next; i < m; i += 1) {
        const block = choose(m - i - 1, slot - 1);
        if (r < block) {
          combo.push(this.pool[i] as Choice<T>);
          next = i + 1;
          break;
        }
        r -= block;
      }
    }
    return combo;
  }

  key(combo: readonly Choice<T>[]): string {
    const parts = combo.map((c) => c.id);
    return (this.ordered ? parts : parts.sort()).join('|');
  }

  has(key: string): boolean {
    const parts = key.split('|');
    return parts.length === this.k && new Set(parts).size === this.k && parts.every((p) => this.ids.has(p));
  }
}

/** One choice per slot, in slot order: the cross product of the slots. */
export class ProductSpace<T> implements Space<T> {
  readonly count: number;
  private readonly ids: Set<string>[];

  constructor(private readonly slots: readonly (readonly Choice<T>[])[]) {
    this.count = product(slots.map((s) => s.length));
    this.ids = slots.map((s) => new Set(s.map((c) => c.id)));
  }

  sample(rng: Rng, usage: Usage, slack: number): Choice<T>[] {
    return this.slots.map((slot) => pickLeastUsed(slot, rng, usage, slack));
  }

  unrank(rank: number): Choice<T>[] {
    let r = rank;
    const combo: Choice<T>[] = [];
    for (let i = this.slots.length - 1; i >= 0; i -= 1) {
      const slot = this.slots[i] as readonly Choice<T>[];
      combo[i] = slot[r % slot.length] as Choice<T>;
      r = Math.floor(r / slot.length);
    }
    return combo;
  }

  key(combo: readonly Choice<T>[]): string {
    return combo.map((c) => c.id).join('|');
  }

  has(key: string): boolean {
    const parts = key.split('|');
    return parts.length === this.slots.length && parts.every((p, i) => this.ids[i]?.has(p) === true);
  }
}

/** Several spaces side by side (e.g. one per script); keys carry the part's number. */
export class UnionSpace<T> implements Space<T> {
  readonly count: number;
  private readonly tag = new WeakMap<readonly Choice<T>[], number>();

  constructor(private readonly parts: readonly Space<T>[]) {
    this.count = parts.reduce((total, p) => addCapped(total, p.count), 0);
  }

  sample(rng: Rng, usage: Usage, slack: number): Choice<T>[] {
    // Parts are used in turn, least-used first, so scripts do not repeat while any remain.
    const open = this.parts.map((p, i) => ({ p, i })).filter(({ p }) => p.count > 0);
    let min = Infinity;
    for (const { i } of open) {
      min = Math.min(min, usage.part.get(i) ?? 0);
    }
    const eligible = open.filter(({ i }) => (usage.part.get(i) ?? 0) <= min + slack);
    const { p, i } = rng.pick(eligible);
    const combo = p.sample(rng, usage, slack);
    this.tag.set(combo, i);
    return combo;
  }

  unrank(rank: number): Choice<T>[] {
    let r = rank;
    for (const [i, p] of this.parts.entries()) {
      if (r < p.count) {
        const combo = p.unrank(r);
        this.tag.set(combo, i);
        return combo;
      }
      r -= p.count;
    }
    throw new RangeError('rank out of range');
  }

  /** Which part a combination came from. */
  partOf(combo: readonly Choice<T>[]): number {
    return this.tag.get(combo) ?? 0;
  }

  key(combo: readonly Choice<T>[]): string {
    const i = this.partOf(combo);
    return `${i}:${(this.parts[i] as Space<T>).key(combo)}`;
  }

  has(key: string): boolean {
    const colon = key.indexOf(':');
    const part = this.parts[Number(key.slice(0, colon))];
    return colon > 0 && part !== undefined && part.has(key.slice(colon + 1));
  }
}

/** Random draws tried before the exhaustive walk takes over. */
const ATTEMPTS = 48;
/** Spaces up to this size may be walked rank by rank when random draws keep colliding. */
const WALK_LIMIT = 2_000_000;

/** A picked combination and its key. */
export interface Picked<T> {
  key: string;
  combo: Choice<T>[];
}

/** Whether a combination may join those picked so far (e.g. it shares few enough shots with each). */
export type Fits<T> = (combo: readonly Choice<T>[], picked: readonly Picked<T>[]) => boolean;

/** Ranks walked at most when a `fits` rule may leave no combination (each rank is checked against every pick). */
const FIT_WALK_LIMIT = 20_000;

/**
 * N distinct combinations of a space, none in `avoid` (keys made before), seeded and leaning
 * toward the least-used choices, each one `fits` the ones before. Throws ClipCapacityError naming
 * how many it could make.
 */
export function pickDistinct<T>(
  space: Space<T>,
  n: number,
  rng: Rng,
  avoid: Iterable<string> = [],
  fits?: Fits<T>,
): Picked<T>[] {
  const used = new Set<string>();
  for (const key of avoid) {
    if (space.has(key)) {
      used.add(key);
    }
  }
  const available = space.count === COUNT_CAP ? COUNT_CAP : space.count - used.size;
  // Under a `fits` rule the most is what the picks reach (the count may overstate it): try up to the count.
  if (n > available && !fits) {
    throw new ClipCapacityError(available);
  }
  const wanted = Math.min(n, available);
  const usage = emptyUsage();
  const out: Picked<T>[] = [];
  const ok = (p: Picked<T>): boolean => !used.has(p.key) && (!fits || fits(p.combo, out));
  for (let i = 0; i < wanted; i += 1) {
    let picked: Picked<T> | null = null;
    for (let attempt = 0; attempt < ATTEMPTS && !picked; attempt += 1) {
      const combo = space.sample(rng, usage, attempt >> 2);
      const candidate = { key: space.key(combo), combo };
      if (ok(candidate)) {
        picked = candidate;
      }
    }
    picked ??= walk(space, rng, ok, fits ? FIT_WALK_LIMIT : Infinity);
    if (!picked) {
      // Only a `fits` rule runs out before the count does: what was made so far is the most.
      throw new ClipCapacityError(out.length);
    }
    used.add(picked.key);
    out.push(picked);
    for (const c of picked.combo) {
      usage.segment.set(c.id, (usage.segment.get(c.id) ?? 0) + 1);
      usage.material.set(c.materialId, (usage.material.get(c.materialId) ?? 0) + 1);
    }
    if (space instanceof UnionSpace) {
      const part = space.partOf(picked.combo);
      usage.part.set(part, (usage.part.get(part) ?? 0) + 1);
    }
  }
  if (wanted < n) {
    throw new ClipCapacityError(wanted);
  }
  return out;
}

/**
 * Finds an acceptable combination: a seeded stride over every rank, or (huge spaces) uniform draws,
 * at most `limit` of them; null when none is found.
 */
function walk<T>(space: Space<T>, rng: Rng, ok: (p: Picked<T>) => boolean, limit: number): Picked<T> | null {
  const total = space.count;
  if (total <= WALK_LIMIT) {
    const start = rng.int(total);
    let stride = 1 + rng.int(Math.max(1, total - 1));
    while (gcd(stride, total) !== 1) {
      stride += 1;
    }
    for (let j = 0; j < Math.min(total, limit); j += 1) {
      const combo = space.unrank((start + j * stride) % total);
      const candidate = { key: space.key(combo), combo };
      if (ok(candidate)) {
        return candidate;
      }
    }
    return null;
  }
  // Far more combinations than keys used: uniform draws find a fresh one almost at once.
  for (let j = 0; j < limit; j += 1) {
    const combo = space.sample(rng, emptyUsage(), Infinity);
    const candidate = { key: space.key(combo), combo };
    if (ok(candidate)) {
      return candidate;
    }
  }
  return null;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
