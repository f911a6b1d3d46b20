/**
 * How fast a runner may read and write on one account while harvesting (issue 23), from the pacing
 * peers use (research/leads.md §8: CreatorHub's "conservative" mode). The runner loop applies these;
 * the functions below are pure so the server, the runner and tests agree on them.
 */

/** The two kinds of write a runner makes for a member. */
export type HarvestWriteKind = 'comment_reply' | 'message';

/** Comment replies on one account: at least this long apart, ms. */
export const COMMENT_REPLY_MIN_GAP_MS = 600_000;
/** Comment replies on one account in any hour. */
export const COMMENT_REPLY_MAX_PER_HOUR = 3;
/** Comment replies on one account in any 24 hours. */
export const COMMENT_REPLY_MAX_PER_DAY = 10;
/** Private messages from one account: at least this long apart, ms. */
export const MESSAGE_MIN_GAP_MS = 900_000;
/** Private messages from one account in any hour. */
export const MESSAGE_MAX_PER_HOUR = 2;
/** Private messages from one account in any 24 hours. */
export const MESSAGE_MAX_PER_DAY = 8;
/** Any two writes (a reply and a message alike) on one account: at least this long apart, ms. */
export const WRITE_MIN_GAP_MS = 300_000;
/** Writes of both kinds together on one account in any hour. */
export const WRITES_MAX_PER_HOUR = 3;
/** Writes of both kinds together on one account in any 24 hours. */
export const WRITES_MAX_PER_DAY = 10;

/** Between two light reads (one API page of comments or messages) on one account, ms. */
export const READ_LIGHT_GAP_MS = 20_000;
/** Between two heavy reads (a page load, a works list) on one account, ms. */
export const READ_HEAVY_GAP_MS = 60_000;
/** Between two harvest passes over one account, ms (before jitter). */
export const HARVEST_SCAN_INTERVAL_MS = 300_000;
/**
 * The shortest interval an operator may set (HARVEST_INTERVAL_S): a pass loads pages, heavy reads.
 * @alias
 */
export const HARVEST_SCAN_INTERVAL_MIN_MS = READ_HEAVY_GAP_MS;
/** The longest interval an operator may set, ms: an hour. */
export const HARVEST_SCAN_INTERVAL_MAX_MS = 3_600_000;
/** Every wait is drawn within ±this share of its length, so no two accounts keep step. */
export const PACING_JITTER = 0.15;

/** Pauses after consecutive risk signals (rate limit, verification, block), ms: 30 min, 2 h, 6 h, 24 h. */
export const COOLDOWN_LADDER_MS: readonly number[] = [1_800_000, 7_200_000, 21_600_000, 86_400_000];
/** Successful operations after a pause that clear the ladder (the next risk starts at 30 min again). */
export const COOLDOWN_RECOVERY_SUCCESSES = 3;

/** Writes start at this hour, Beijing time (UTC+8). */
export const WRITE_WINDOW_START_HOUR = 8;
/** Writes stop at this hour, Beijing time (24: midnight). */
export const WRITE_WINDOW_END_HOUR = 24;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const BEIJING_OFFSET_MS = 8 * HOUR_MS;

/** One write an account made, as the pacing sees it. */
export interface PastWrite {
  kind: HarvestWriteKind;
  /** When it was sent, epoch ms. */
  at: number;
}

const LIMITS: Record<HarvestWriteKind, { gap: number; hour: number; day: number }> = {
  comment_reply: { gap: COMMENT_REPLY_MIN_GAP_MS, hour: COMMENT_REPLY_MAX_PER_HOUR, day: COMMENT_REPLY_MAX_PER_DAY },
  message: { gap: MESSAGE_MIN_GAP_MS, hour: MESSAGE_MAX_PER_HOUR, day: MESSAGE_MAX_PER_DAY },
};

/** The earliest time ≥ t at which fewer than `max` of `times` (ascending) fall in the window ending there. */
function afterWindow(t: number, times: readonly number[], windowMs: number, max: number): number {
  const inWindow = times.filter((at) => at > t - windowMs);
  if (inWindow.length < max) {
    return t;
  }
  // The window must slide past the oldest writes until only max - 1 remain in it.
  return Math.max(t, (inWindow[inWindow.length - max] ?? t) + windowMs);
}

/** The first moment ≥ t inside the write window (08:00–24:00 Beijing time). */
export function intoWriteWindow(t: number): number {
  const local = t + BEIJING_OFFSET_MS;
  const dayStart = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  const hour = (local - dayStart) / HOUR_MS;
  if (hour >= WRITE_WINDOW_START_HOUR && hour < WRITE_WINDOW_END_HOUR) {
    return t;
  }
  const opens = dayStart + WRITE_WINDOW_START_HOUR * HOUR_MS;
  return (hour < WRITE_WINDOW_START_HOUR ? opens : opens + DAY_MS) - BEIJING_OFFSET_MS;
}

/**
 * The earliest time (epoch ms, ≥ `now` and ≥ `pausedUntil`) at which the account may make a write of
 * `kind`, given the writes it made before: the per-kind gap and hourly/daily caps, the gap and caps of
 * all writes together, and the write window. Windows are rolling (any 60 min, any 24 h).
 */
export function nextWriteAt(kind: HarvestWriteKind, past: readonly PastWrite[], now: number, pausedUntil = 0): number {
  const all = past.map((w) => w.at).sort((a, b) => a - b);
  const same = past
    .filter((w) => w.kind === kind)
    .map((w) => w.at)
    .sort((a, b) => a - b);
  const limit = LIMITS[kind];
  let t = Math.max(now, pausedUntil);
  // Each rule only moves t later; a few rounds reach the point every rule accepts.
  for (let round = 0; round < 32; round += 1) {
    let next = t;
    const lastSame = same.at(-1);
    const lastAny = all.at(-1);
    if (lastSame !== undefined) {
      next = Math.max(next, lastSame + limit.gap);
    }
    if (lastAny !== undefined) {
      next = Math.max(next, lastAny + WRITE_MIN_GAP_MS);
    }
    next = afterWindow(next, same, HOUR_MS, limit.hour);
    next = afterWindow(next, same, DAY_MS, limit.day);
    next = afterWindow(next, all, HOUR_MS, WRITES_MAX_PER_HOUR);
    next = afterWindow(next, all, DAY_MS, WRITES_MAX_PER_DAY);
    next = intoWriteWindow(next);
    if (next === t) {
      return t;
    }
    t = next;
  }
  return t;
}

/** A wait drawn within ±PACING_JITTER of `ms` (`random` in [0, 1), Math.random by default). */
export function withJitter(ms: number, random: () => number = Math.random): number {
  return Math.round(ms * (1 + (2 * random() - 1) * PACING_JITTER));
}

/** When the next read may start after one that started at `lastAt` (a heavy one waits longer), jittered. */
export function nextReadAt(lastAt: number, heavy: boolean, random: () => number = Math.random): number {
  return lastAt + withJitter(heavy ? READ_HEAVY_GAP_MS : READ_LIGHT_GAP_MS, random);
}

/** Where an account stands on the cool-down ladder. */
export interface CooldownState {
  /** Rungs climbed (0: no pause in force). */
  level: number;
  /** Paused until then, epoch ms (0 when not paused). */
  until: number;
  /** Successful operations since the last risk signal. */
  successes: number;
}

/** An account that has seen no risk signal. */
export const COOLDOWN_CLEAR: CooldownState = { level: 0, until: 0, successes: 0 };

/** The state after a risk signal at `now`: one rung up (the top rung repeats), paused for that rung. */
export function afterRiskSignal(state: CooldownState, now: number): CooldownState {
  const level = Math.min(state.level + 1, COOLDOWN_LADDER_MS.length);
  return { level, until: now + (COOLDOWN_LADDER_MS[level - 1] ?? 0), successes: 0 };
}

/** The state after a successful operation: COOLDOWN_RECOVERY_SUCCESSES of them clear the ladder. */
export function afterSuccess(state: CooldownState): CooldownState {
  const successes = state.successes + 1;
  return state.level > 0 && successes >= COOLDOWN_RECOVERY_SUCCESSES ? COOLDOWN_CLEAR : { ...state, successes };
}
