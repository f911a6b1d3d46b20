import { describe, expect, it } from 'vitest';
import {
  afterRiskSignal,
  afterSuccess,
  COMMENT_REPLY_MIN_GAP_MS,
  COOLDOWN_CLEAR,
  COOLDOWN_LADDER_MS,
  intoWriteWindow,
  MESSAGE_MIN_GAP_MS,
  nextReadAt,
  nextWriteAt,
  type PastWrite,
  READ_HEAVY_GAP_MS,
  READ_LIGHT_GAP_MS,
  withJitter,
  WRITE_MIN_GAP_MS,
} from './harvest-pacing.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** 2026-11-27 12:00 Beijing time: inside the write window. */
const NOON = Date.UTC(2026, 10, 27, 4, 0, 0);
const reply = (at: number): PastWrite => ({ kind: 'comment_reply', at });
const message = (at: number): PastWrite => ({ kind: 'message', at });

describe('nextWriteAt', () => {
  it('lets the first write of the day go at once inside the window', () => {
    expect(nextWriteAt('comment_reply', [], NOON)).toBe(NOON);
  });

  it('keeps comment replies 600 s apart and messages 900 s apart', () => {
    expect(nextWriteAt('comment_reply', [reply(NOON)], NOON + MIN)).toBe(NOON + COMMENT_REPLY_MIN_GAP_MS);
    expect(nextWriteAt('message', [message(NOON)], NOON + MIN)).toBe(NOON + MESSAGE_MIN_GAP_MS);
  });

  it('keeps any two writes 300 s apart, whatever their kinds', () => {
    expect(nextWriteAt('message', [reply(NOON)], NOON + MIN)).toBe(NOON + WRITE_MIN_GAP_MS);
  });

  it('allows at most 3 replies in any hour: the 4th waits until the first leaves the hour', () => {
    const past = [reply(NOON), reply(NOON + 10 * MIN), reply(NOON + 20 * MIN)];
    expect(nextWriteAt('comment_reply', past, NOON + 30 * MIN)).toBe(NOON + HOUR);
  });

  it('allows at most 2 messages in any hour', () => {
    const past = [message(NOON), message(NOON + 15 * MIN)];
    expect(nextWriteAt('message', past, NOON + 30 * MIN)).toBe(NOON + HOUR);
  });

  it('allows at most 3 writes of both kinds together in any hour', () => {
    const past = [reply(NOON), message(NOON + 10 * MIN), reply(NOON + 20 * MIN)];
    expect(nextWriteAt('message', past, NOON + 40 * MIN)).toBe(NOON + HOUR);
  });

  it('allows at most 10 replies in any 24 hours', () => {
    const past = Array.from({ length: 10 }, (_, i) => reply(NOON - 20 * HOUR + i * HOUR));
    expect(nextWriteAt('comment_reply', past, NOON)).toBe(NOON - 20 * HOUR + 24 * HOUR);
  });

  it('allows at most 8 messages in any 24 hours', () => {
    const past = Array.from({ length: 8 }, (_, i) => message(NOON - 16 * HOUR + i * HOUR));
    expect(nextWriteAt('message', past, NOON)).toBe(NOON - 16 * HOUR + 24 * HOUR);
  });

  it('writes only between 08:00 and 24:00 Beijing time', () => {
    const threeAm = Date.UTC(2026, 10, 26, 19, 0, 0); // 03:00 on the 27th in Beijing
    expect(nextWriteAt('comment_reply', [], threeAm)).toBe(Date.UTC(2026, 10, 27, 0, 0, 0));
    const lateEvening = Date.UTC(2026, 10, 27, 15, 55, 0); // 23:55 Beijing
    // The gap pushes past midnight: the write waits for 08:00 the next day.
    expect(nextWriteAt('comment_reply', [reply(lateEvening - MIN)], lateEvening)).toBe(Date.UTC(2026, 10, 28, 0, 0, 0));
  });

  it('honours a cool-down pause', () => {
    expect(nextWriteAt('comment_reply', [], NOON, NOON + 2 * HOUR)).toBe(NOON + 2 * HOUR);
  });
});

describe('intoWriteWindow', () => {
  it('keeps a time inside the window and moves one outside to the next 08:00', () => {
    expect(intoWriteWindow(NOON)).toBe(NOON);
    expect(intoWriteWindow(Date.UTC(2026, 10, 27, 0, 0, 0))).toBe(Date.UTC(2026, 10, 27, 0, 0, 0));
    expect(intoWriteWindow(Date.UTC(2026, 10, 26, 23, 59, 0))).toBe(Date.UTC(2026, 10, 27, 0, 0, 0));
    expect(intoWriteWindow(Date.UTC(2026, 10, 27, 16, 0, 0))).toBe(Date.UTC(2026, 10, 28, 0, 0, 0));
  });
});

describe('jitter and reads', () => {
  it('draws within ±15 %', () => {
    expect(withJitter(1000, () => 0)).toBe(850);
    expect(withJitter(1000, () => 0.5)).toBe(1000);
    expect(withJitter(1000, () => 0.999_999)).toBe(1150);
  });
  it('spaces light reads 20 s and heavy reads 60 s', () => {
    expect(nextReadAt(NOON, false, () => 0.5)).toBe(NOON + READ_LIGHT_GAP_MS);
    expect(nextReadAt(NOON, true, () => 0.5)).toBe(NOON + READ_HEAVY_GAP_MS);
  });
});

describe('cool-down ladder', () => {
  it('climbs 30 min, 2 h, 6 h, 24 h and stays on the top rung', () => {
    let state = COOLDOWN_CLEAR;
    const pauses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      state = afterRiskSignal(state, NOON);
      pauses.push(state.until - NOON);
    }
    expect(pauses).toEqual([...COOLDOWN_LADDER_MS, COOLDOWN_LADDER_MS.at(-1)]);
    expect(pauses.slice(0, 4)).toEqual([30 * MIN, 2 * HOUR, 6 * HOUR, 24 * HOUR]);
  });
  it('clears after 3 successes; a success without a pause changes nothing but the count', () => {
    let state = afterRiskSignal(afterRiskSignal(COOLDOWN_CLEAR, NOON), NOON);
    state = afterSuccess(afterSuccess(state));
    expect(state.level).toBe(2);
    expect(afterSuccess(state)).toEqual(COOLDOWN_CLEAR);
    expect(afterRiskSignal(afterSuccess(afterSuccess(afterSuccess(state))), NOON).until).toBe(NOON + 30 * MIN);
  });
});
