/**
 * Regular-expression keywords of reply rules (YYDS's regex kind, research §6): what a member may save,
 * and how a pattern is run. A pattern runs on every harvested item of the member's accounts, so the
 * shapes that backtrack exponentially are refused when it is saved, and the server runs it with a
 * time bound as well (polynomial shapes such as `.*.*x` are not caught by any shape check).
 */

/** Longest pattern, characters: a keyword's length with room for classes and groups. */
export const REPLY_PATTERN_MAX_LENGTH = 60;

/** Longest one pattern may run on one text on the server, ms: past it the item counts as not matching. */
export const REPLY_PATTERN_RUN_MS = 50;

/** Why a pattern may not be saved. */
export type ReplyPatternProblem = 'invalid' | 'nested' | 'backref' | 'too_long';

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
  return shapeProblem(pattern);
}

const compiled = new Map<string, RegExp | null>();

/** The pattern compiled with the rules' flags (cached), or null when it does not compile. */
export function replyPatternRegExp(pattern: string): RegExp | null {
  let re = compiled.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern, FLAGS);
    } catch {
      re = null;
    }
    if (compiled.size > 1000) {
      compiled.clear();
    }
    compiled.set(pattern, re);
  }
  return re;
}

/** Runs a pattern on a text; the server's runs it with a time bound. */
export type PatternTest = (re: RegExp, text: string) => boolean;

/** The unbounded run, for callers that only see short or trusted text (tests, the console's preview). */
export const plainPatternTest: PatternTest = (re, text) => re.test(text);
