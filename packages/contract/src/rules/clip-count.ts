/** Counting distinct clip combinations (pure; the web shows the same maximum the planner enforces). */

/** Counts saturate here: beyond it "more than any task can ask for" is all that matters. */
export const COUNT_CAP = Number.MAX_SAFE_INTEGER;

/** a × b, saturating at COUNT_CAP. */
export function mulCapped(a: number, b: number): number {
  if (a === 0 || b === 0) {
    return 0;
  }
  return a > COUNT_CAP / b ? COUNT_CAP : a * b;
}

/** a + b, saturating at COUNT_CAP. */
export function addCapped(a: number, b: number): number {
  return Math.min(COUNT_CAP, a + b);
}

/** Unordered choices of k from m, C(m, k), saturating. */
export function choose(m: number, k: number): number {
  if (k < 0 || k > m) {
    return 0;
  }
  const r = Math.min(k, m - k);
  let total = 1;
  for (let i = 1; i <= r; i += 1) {
    // Multiply then divide keeps every step an integer (C(m-r+i, i) is whole).
    const next = mulCapped(total, m - r + i);
    if (next === COUNT_CAP) {
      return COUNT_CAP;
    }
    total = next / i;
  }
  return Math.round(total);
}

/** Ordered choices of k from m, m!/(m−k)!, saturating. */
export function arrange(m: number, k: number): number {
  if (k < 0 || k > m) {
    return 0;
  }
  let total = 1;
  for (let i = 0; i < k; i += 1) {
    total = mulCapped(total, m - i);
  }
  return total;
}

/** The product of the sizes (a cross product of groups), saturating. */
export function product(sizes: readonly number[]): number {
  return sizes.reduce((total, size) => mulCapped(total, size), 1);
}
