import {
  ALL,
  classSet,
  complement,
  disjoint,
  escapeSet,
  folded,
  LINE_ENDS,
  normalize,
  type CharSet,
} from './reply-pattern-chars.ts';

/**
 * Regular-expression keywords of reply rules (YYDS's regex kind, research §6): what a member may save,
 * and how a pattern is run. A pattern runs on every harvested item of the member's accounts with no
 * time bound (a wall-clock bound trips under load and the rule silently does not fire), so what may be
 * saved is bounded by construction instead: no nested or branching repeats, no backreferences, and a
 * worst-case count of backtracking paths on the longest text a pattern reads that stays under
 * REPLY_PATTERN_PATHS_MAX (`.*.*x` is refused: cubic in the text's length).
 */

/** Longest pattern, characters: a keyword's length with room for classes and groups. */
export const REPLY_PATTERN_MAX_LENGTH = 60;

/**
 * Longest text a pattern reads, characters of the folded text: a longer comment or message is cut to its
 * first 500 (a price question sits near the start; a 2,000-character item would quadruple every bound).
 */
export const REPLY_PATTERN_TEXT_MAX = 500;

/**
 * Most backtracking paths a pattern may have on a REPLY_PATTERN_TEXT_MAX text, counted as the product of
 * every repeat's and alternation's choices times the start positions: `.*x` (250 k) and `.*(多少|几)钱`
 * (500 k) pass, `.{0,60}.{0,60}x` (1.9 M) and `.*.*x` (125 M) do not. The worst saved pattern holds one
 * text for tens of ms (bench/lead-rules), and always decides.
 */
export const REPLY_PATTERN_PATHS_MAX = 1_000_000;

/** Why a pattern may not be saved. */
export type ReplyPatternProblem = 'invalid' | 'nested' | 'backref' | 'too_long' | 'slow';

/** The flags every pattern runs with: case-insensitive, Unicode (so 。 and emoji are one character). */
const FLAGS = 'iu';

interface GroupFrame {
  /** Something inside repeats (a quantifier other than `?`). */
  repeats: boolean;
  /** Alternatives (`|`) at this level. */
  branches: boolean;
}

/** Whether the quantifier at `i` repeats more than once (`*`, `+`, `{n,}`, `{n,m}` with m > 1). */
function repeatsAt(pattern: string, i: number): boolean {
  const c = pattern[i];
  if (c === '*' || c === '+') {
    return true;
  }
  if (c !== '{') {
    return false;
  }
  const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
  if (!m) {
    return false;
  }
  if (m[2] === undefined) {
    return Number(m[1]) > 1;
  }
  return m[3] === '' || Number(m[3]) > 1;
}

/**
 * The shape problem of a pattern that compiles: a repeated group that itself repeats or branches
 * (`(a+)+`, `(a|ab)*`: exponential backtracking), or a backreference (no bound holds for those).
 */
function shapeProblem(pattern: string): 'nested' | 'backref' | null {
  const stack: GroupFrame[] = [{ repeats: false, branches: false }];
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    const top = stack[stack.length - 1] as GroupFrame;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || next === 'k')) {
        return 'backref';
      }
      i += 1;
      if (!inClass && repeatsAt(pattern, i + 1)) {
        top.repeats = true;
      }
      continue;
    }
    if (inClass) {
      inClass = c !== ']';
      if (!inClass && repeatsAt(pattern, i + 1)) {
        top.repeats = true;
      }
      continue;
    }
    if (c === '[') {
      inClass = true;
    } else if (c === '(') {
      stack.push({ repeats: false, branches: false });
    } else if (c === ')') {
      const group = stack.pop() as GroupFrame;
      const parent = stack[stack.length - 1] as GroupFrame;
      const repeated = repeatsAt(pattern, i + 1);
      if (repeated && (group.repeats || group.branches)) {
        return 'nested';
      }
      parent.repeats ||= group.repeats || repeated;
    } else if (c === '|') {
      top.branches = true;
    } else if (repeatsAt(pattern, i + 1) && c !== '{' && c !== '*' && c !== '+' && c !== '?') {
      top.repeats = true;
    }
  }
  return null;
}

/** A count of paths as `coef × L^deg`, L the text's length. */
interface Paths {
  coef: number;
  deg: number;
}

const ONE: Paths = { coef: 1, deg: 0 };
const times = (a: Paths, b: Paths): Paths => ({ coef: a.coef * b.coef, deg: a.deg + b.deg });
/** An upper bound of a sum (L ≥ 1): the largest degree with the coefficients added. */
const plus = (a: Paths, b: Paths): Paths => ({ coef: a.coef + b.coef, deg: Math.max(a.deg, b.deg) });

/** The quantifier at `i`: its length in the pattern and its range of counts (max Infinity when open). */
function quantifierAt(pattern: string, i: number): { length: number; min: number; max: number } | null {
  const c = pattern[i];
  let q: { length: number; min: number; max: number } | null = null;
  if (c === '*' || c === '+' || c === '?') {
    q = { length: 1, min: c === '+' ? 1 : 0, max: c === '?' ? 1 : Infinity };
  } else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
    if (m) {
      const min = Number(m[1]);
      q = { length: m[0].length, min, max: m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]) };
    }
  }
  // A lazy quantifier (`*?`) tries the same paths in another order.
  if (q && pattern[i + q.length] === '?') {
    q.length += 1;
  }
  return q;
}

/** The paths of an atom with these paths repeated by `q`; null when unbounded (an open repeat of choices). */
function repeated(atom: Paths, q: { min: number; max: number }): Paths | null {
  if (q.max === Infinity) {
    // Each count from min up to the text's length, the atom being one fixed path each time.
    return atom.coef === 1 && atom.deg === 0 ? { coef: 1, deg: 1 } : null;
  }
  let out: Paths = { coef: q.max - q.min + 1, deg: 0 };
  for (let n = 0; n < q.max; n += 1) {
    out = times(out, atom);
  }
  return out;
}

/** A run of adjacent repeats of one character each whose sets are disjoint (no character moves between them). */
interface Run {
  /** The sequence before the run. */
  before: Paths;
  /** Its paths counted as a sum (each end position of the run reached one way) and as a product. */
  sum: Paths;
  product: Paths;
  /** The characters any of its repeats takes. */
  chars: CharSet;
}

interface CostFrame {
  /** The alternatives closed so far at this level. */
  alternatives: Paths | null;
  /** The current alternative's product. */
  sequence: Paths;
  /** The run the sequence ends with, if it ends with a repeat of one character. */
  run: Run | null;
}

/** The paths' value on the longest text. */
const valueOf = (p: Paths) => p.coef * REPLY_PATTERN_TEXT_MAX ** p.deg;
const least = (a: Paths, b: Paths) => (valueOf(a) <= valueOf(b) ? a : b);

/**
 * Worst-case backtracking paths of a pattern that compiles and has no nested repeats, per start position
 * (null when unbounded). Alternatives and optional parts multiply as if every choice could match: an
 * upper bound, not an estimate. An escape or a class is one fixed-length atom. Two refinements, each
 * still a bound: adjacent repeats of single characters whose sets are disjoint (`\d+\s*`) add rather
 * than multiply, since a character one gives back cannot be taken by the next; and a repeat of one
 * character that ends the pattern (`钱.*`) counts once, since reaching it is a match.
 */
function pathsPerStart(pattern: string): { paths: Paths; branches: boolean } | null {
  const stack: CostFrame[] = [{ alternatives: null, sequence: ONE, run: null }];
  const close = (f: CostFrame): Paths => (f.alternatives ? plus(f.alternatives, f.sequence) : f.sequence);
  for (let i = 0; i < pattern.length; i += 1) {
    const top = stack[stack.length - 1] as CostFrame;
    const c = pattern[i] as string;
    let atom: Paths | null = null;
    /** The characters a one-character atom takes (undefined for a group; null when not worked out). */
    let chars: CharSet | null | undefined;
    if (c === '(') {
      const prefix = /^\((\?(:|=|!|<=|<!|<[^>]+>))?/.exec(pattern.slice(i)) as RegExpExecArray;
      i += prefix[0].length - 1;
      stack.push({ alternatives: null, sequence: ONE, run: null });
      continue;
    }
    if (c === '|') {
      top.alternatives = close(top);
      top.sequence = ONE;
      top.run = null;
      continue;
    }
    if (c === ')') {
      stack.pop();
      atom = close(top);
    } else if (c === '\\') {
      const code = /^\\(u\{[^}]*\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[a-zA-Z]|[pP]\{[^}]*\})/.exec(pattern.slice(i));
      atom = ONE;
      if (code) {
        // A character by its code or a property: one atom, its set not worked out.
        i += (code[1] as string).length;
        chars = null;
      } else {
        i += 1;
        const e = escapeSet(pattern[i] ?? '');
        chars = e && /[a-z]/i.test(pattern[i] ?? '') ? e : e && folded(e);
      }
    } else if (c === '[') {
      const start = i;
      for (i += 1; i < pattern.length && pattern[i] !== ']'; i += 1) {
        if (pattern[i] === '\\') {
          i += 1;
        }
      }
      atom = ONE;
      chars = classSet(pattern, start, i);
    } else {
      atom = ONE;
      const cp = c.codePointAt(0) ?? 0;
      chars = c === '.' ? complement(LINE_ENDS) : cp >= 0xd800 && cp <= 0xdfff ? null : folded([[cp, cp]]);
    }
    const q = quantifierAt(pattern, i + 1);
    const frame = stack[stack.length - 1] as CostFrame;
    if (!q) {
      frame.sequence = times(frame.sequence, atom);
      frame.run = null;
      continue;
    }
    i += q.length;
    atom = repeated(atom, q);
    if (!atom) {
      return null;
    }
    if (chars === undefined) {
      frame.sequence = times(frame.sequence, atom);
      frame.run = null;
      continue;
    }
    const last = stack.length === 1 && (i + 1 === pattern.length || pattern[i + 1] === '|');
    if (last) {
      frame.run = null;
      continue;
    }
    const run = frame.run;
    if (run && chars && disjoint(run.chars, chars)) {
      run.sum = plus(run.sum, atom);
      run.product = times(run.product, atom);
      run.chars = normalize([...run.chars, ...chars]);
      frame.sequence = times(run.before, least(run.sum, run.product));
    } else {
      frame.run = { before: frame.sequence, sum: atom, product: atom, chars: chars ?? ALL };
      frame.sequence = times(frame.sequence, atom);
    }
  }
  const root = stack[0] as CostFrame;
  return { paths: close(root), branches: root.alternatives !== null };
}

/** Worst-case paths of a pattern on a REPLY_PATTERN_TEXT_MAX text (Infinity when unbounded). */
export function replyPatternPaths(pattern: string): number {
  const perStart = pathsPerStart(pattern);
  if (!perStart) {
    return Infinity;
  }
  // Every start position is tried, except with a leading ^ (V8 then fails the other positions at once).
  const starts = pattern.startsWith('^') && !perStart.branches ? 1 : REPLY_PATTERN_TEXT_MAX;
  return starts * perStart.paths.coef * REPLY_PATTERN_TEXT_MAX ** perStart.paths.deg;
}

/** Null when the pattern may be saved; else why not. */
export function replyPatternProblem(pattern: string): ReplyPatternProblem | null {
  if (pattern.length > REPLY_PATTERN_MAX_LENGTH) {
    return 'too_long';
  }
  try {
    new RegExp(pattern, FLAGS);
  } catch {
    return 'invalid';
  }
  return shapeProblem(pattern) ?? (replyPatternPaths(pattern) > REPLY_PATTERN_PATHS_MAX ? 'slow' : null);
}

const compiled = new Map<string, RegExp | null>();

/**
 * The pattern compiled with the rules' flags (cached), or null when it may not be saved (a rule saved
 * under older checks matches nothing rather than running unbounded).
 */
export function replyPatternRegExp(pattern: string): RegExp | null {
  let re = compiled.get(pattern);
  if (re === undefined) {
    re = replyPatternProblem(pattern) === null ? new RegExp(pattern, FLAGS) : null;
    if (compiled.size > 1000) {
      compiled.clear();
    }
    compiled.set(pattern, re);
  }
  return re;
}
