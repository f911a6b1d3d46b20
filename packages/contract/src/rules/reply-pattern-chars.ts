// The sets of characters a reply pattern's atoms match (reply-pattern.ts): adjacent repeats whose sets are
// disjoint add their paths rather than multiply them, so the sets are worked out under the `iu` flags.

/** A set of code points as sorted, disjoint inclusive ranges. */
export type CharSet = [number, number][];

const MAX_CP = 0x10ffff;
export const ALL: CharSet = [[0, MAX_CP]];
const DIGITS: CharSet = [[0x30, 0x39]];
/** \w under the `iu` flags: ASCII word characters, and ſ and K (which fold to s and k). */
const WORD: CharSet = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
  [0x17f, 0x17f],
  [0x212a, 0x212a],
];
/** \s: JavaScript's white space and line terminators. */
const SPACE: CharSet = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
/** What `.` does not match. */
export const LINE_ENDS: CharSet = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

export function normalize(set: CharSet): CharSet {
  const sorted = set.slice().sort((a, b) => a[0] - b[0]);
  const out: CharSet = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) {
      last[1] = Math.max(last[1], hi);
    } else {
      out.push([lo, hi]);
    }
  }
  return out;
}

export function complement(set: CharSet): CharSet {
  const out: CharSet = [];
  let from = 0;
  for (const [lo, hi] of normalize(set)) {
    if (lo > from) {
      out.push([from, lo - 1]);
    }
    from = hi + 1;
  }
  if (from <= MAX_CP) {
    out.push([from, MAX_CP]);
  }
  return out;
}

export const disjoint = (a: CharSet, b: CharSet): boolean =>
  a.every(([alo, ahi]) => b.every(([blo, bhi]) => ahi < blo || bhi < alo));

/**
 * The set with every case variant the `i` flag matches added; null (any character) for a wide range in
 * scripts that have case, where listing the variants is not worth it.
 */
export function folded(set: CharSet): CharSet | null {
  const out: CharSet = set.slice();
  for (const [lo, hi] of set) {
    const cased = (a: number, b: number) => lo <= b && hi >= a;
    if (hi - lo < 512) {
      for (let c = lo; c <= hi; c += 1) {
        const ch = String.fromCodePoint(c);
        for (const v of [ch.toLowerCase(), ch.toUpperCase()]) {
          const cp = v.codePointAt(0) ?? c;
          if ([...v].length === 1) {
            out.push([cp, cp]);
          }
        }
      }
    } else if (
      cased(0x41, 0x24ff) ||
      cased(0x2c00, 0x2e7f) ||
      cased(0xa640, 0xa7ff) ||
      cased(0xff21, 0xff5a) ||
      hi >= 0x10000
    ) {
      return null;
    }
  }
  // k and s fold from K (Kelvin) and ſ (long s).
  if (
    !disjoint(out, [
      [0x4b, 0x4b],
      [0x6b, 0x6b],
    ])
  ) {
    out.push([0x212a, 0x212a]);
  }
  if (
    !disjoint(out, [
      [0x53, 0x53],
      [0x73, 0x73],
    ])
  ) {
    out.push([0x17f, 0x17f]);
  }
  return normalize(out);
}

/** The set of a class escape (`\d`, `\S` …) or an escaped character; null when not worked out (any). */
export function escapeSet(c: string): CharSet | null {
  const named: Record<string, CharSet> = { d: DIGITS, w: WORD, s: SPACE };
  const lower = c.toLowerCase();
  const set = named[lower];
  if (set) {
    return c === lower ? set : complement(set);
  }
  const controls: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, f: 0x0c, v: 0x0b };
  const control = controls[c];
  if (control !== undefined) {
    return [[control, control]];
  }
  // Escaped punctuation is itself; \b \B, \p{…}, \u…, \x…, \c… are left as any.
  return /^[\^$.*+?()[\]{}|/-]$/.test(c) ? [[c.charCodeAt(0), c.charCodeAt(0)]] : null;
}

/** The set of the class whose `[` is at `start`, up to its `]` at `end`; null when not worked out (any). */
export function classSet(pattern: string, start: number, end: number): CharSet | null {
  let i = start + 1;
  const negated = pattern[i] === '^';
  if (negated) {
    i += 1;
  }
  const out: CharSet = [];
  const single = (at: number): { set: CharSet | null; cp: number | null; next: number } => {
    if (pattern[at] === '\\') {
      const e = pattern[at + 1] ?? '';
      const set = escapeSet(e);
      const cp = set && set.length === 1 && set[0]?.[0] === set[0]?.[1] ? (set[0]?.[0] ?? null) : null;
      return { set, cp, next: at + 2 };
    }
    const cp = pattern.codePointAt(at) ?? 0;
    return { set: [[cp, cp]], cp, next: at + (cp > 0xffff ? 2 : 1) };
  };
  while (i < end) {
    const a = single(i);
    if (!a.set) {
      return null;
    }
    if (a.cp !== null && pattern[a.next] === '-' && a.next + 1 < end) {
      const b = single(a.next + 1);
      if (b.cp === null) {
        return null;
      }
      out.push([a.cp, b.cp]);
      i = b.next;
      continue;
    }
    out.push(...a.set);
    i = a.next;
  }
  const positive = folded(normalize(out));
  if (!positive) {
    return null;
  }
  return negated ? complement(positive) : positive;
}
