import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getEventListeners } from 'node:events';
import { DeadlineError, firstOf, pause, PROBE_EVERY_MS } from './deadline.ts';

// Fake timers: every wait here is moved by the test, so nothing depends on the machine's speed.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A probe that reads true from its `trueFrom`-th call on, counting its calls. */
function counter(trueFrom = Infinity) {
  const probe = Object.assign(
    () => {
      probe.calls += 1;
      return Promise.resolve(probe.calls >= trueFrom);
    },
    { calls: 0 },
  );
  return probe;
}

describe('firstOf', () => {
  it('a probe that reads true wins, and no probe is read after the race', async () => {
    const winner = counter(3);
    const loser = counter();
    const race = firstOf('test', 60_000, { winner, loser, never: new Promise(() => undefined) });
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS * 2);
    await expect(race).resolves.toBe('winner');
    const seen = [winner.calls, loser.calls];
    expect(seen).toEqual([3, 2]);
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS * 100);
    expect([winner.calls, loser.calls]).toEqual(seen);
  });

  it('an event wins over probes that stay false, and stops them', async () => {
    const probe = counter();
    let fire: () => void = () => undefined;
    const event = new Promise<void>((resolve) => {
      fire = resolve;
    });
    const race = firstOf('test', 60_000, { probe, event });
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS * 3);
    fire();
    await expect(race).resolves.toBe('event');
    const calls = probe.calls;
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS * 100);
    expect(probe.calls).toBe(calls);
  });

  it('a failing probe or event never wins; the deadline ends the race and the polling', async () => {
    const failing = () => Promise.reject(new Error('navigated away'));
    const probe = counter();
    const race = firstOf('test', 1_000, { failing, probe, rejected: Promise.reject(new Error('gone')) });
    const settled = expect(race).rejects.toBeInstanceOf(DeadlineError);
    await vi.advanceTimersByTimeAsync(1_000);
    await settled;
    const calls = probe.calls;
    expect(calls).toBeGreaterThan(1);
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS * 100);
    expect(probe.calls).toBe(calls);
  });
});

describe('pause', () => {
  it('leaves no abort listener behind after a thousand waits that ran out (a runner retrying its claims)', async () => {
    const stop = new AbortController();
    for (let i = 0; i < 1_000; i += 1) {
      const waited = pause(2_000, stop.signal);
      await vi.advanceTimersByTimeAsync(2_000);
      await waited;
    }
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });

  it('ends early when the signal aborts', async () => {
    const stop = new AbortController();
    let ended = false;
    const waited = pause(60_000, stop.signal).then(() => {
      ended = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(ended).toBe(false);
    stop.abort();
    await waited;
    expect(ended).toBe(true);
  });
});
