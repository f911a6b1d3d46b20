import { describe, expect, it } from 'vitest';
import { Msg } from '../messages.ts';
import {
  FINAL_STATES,
  PRE_SUBMIT_STATES,
  PUBLISH_RETRY_BACKOFF_MS,
  PUBLISH_STATES,
  PUBLISH_TRANSITIONS,
  canTransition,
  publishFailureText,
  retryBackoffMs,
  spreadRunTimes,
  statesInto,
} from './publish-state.ts';

describe('publish state table', () => {
  it('lists a move for every state, and only to known states', () => {
    for (const from of PUBLISH_STATES) {
      for (const to of PUBLISH_TRANSITIONS[from]) {
        expect(PUBLISH_STATES).toContain(to);
      }
    }
  });

  it('never queues a job again once submitting was recorded', () => {
    for (const from of ['submitting', 'submitted', 'verifying', 'unconfirmed'] as const) {
      expect(canTransition(from, 'queued')).toBe(false);
      expect(canTransition(from, 'claimed')).toBe(false);
    }
    expect(statesInto('queued').filter((s) => !['scheduled', 'failed', 'needs_action'].includes(s))).toEqual([
      ...PRE_SUBMIT_STATES,
    ]);
  });

  it('submits only from a state before the click', () => {
    expect(statesInto('submitting')).toEqual(['claimed', 'preparing', 'uploading', 'needs_action']);
  });

  it('lets only explicit moves leave a final state', () => {
    const leaving = FINAL_STATES.filter((s) => PUBLISH_TRANSITIONS[s].length > 0);
    expect(leaving).toEqual(['published', 'platform_scheduled', 'failed', 'unconfirmed']);
    // A post found while 审核中 may still be refused by the platform's review, and only that.
    expect(PUBLISH_TRANSITIONS.published).toEqual(['rejected']);
    expect(PUBLISH_TRANSITIONS.unconfirmed).toEqual(['published', 'failed']);
    expect(PUBLISH_TRANSITIONS.failed).toEqual(['queued']);
  });

  it('claims only waiting jobs', () => {
    expect(statesInto('claimed')).toEqual(['scheduled', 'queued', 'needs_action']);
  });
});

describe('pacing', () => {
  it('spreads an account’s posts at least the spacing apart, with at most 20% jitter', () => {
    const times = spreadRunTimes(1000, 4, 60_000, () => 0.999);
    expect(times[0]).toBe(1000);
    for (let i = 1; i < times.length; i++) {
      const gap = times[i]! - times[i - 1]!;
      expect(gap).toBeGreaterThanOrEqual(60_000);
      expect(gap).toBeLessThanOrEqual(72_000);
    }
    expect(spreadRunTimes(5, 3, 0, Math.random)).toEqual([5, 5, 5]);
  });

  it('backs off 1 then 5 minutes, plus jitter', () => {
    expect(retryBackoffMs(1, 0)).toBe(PUBLISH_RETRY_BACKOFF_MS[0]);
    expect(retryBackoffMs(2, 0)).toBe(PUBLISH_RETRY_BACKOFF_MS[1]);
    expect(retryBackoffMs(2, 0.5)).toBe(PUBLISH_RETRY_BACKOFF_MS[1] * 1.1);
  });
});

describe('publishFailureText', () => {
  it('never shows the runner’s English message: each reason has its Chinese words', () => {
    for (const reason of ['logged_out', 'upload_timeout', 'fill_failed', 'error', 'something_new']) {
      const text = publishFailureText(reason, '');
      expect(text).toMatch(/[\u4e00-\u9fa5]/);
      expect(text).not.toMatch(/[A-Za-z]/);
    }
    expect(publishFailureText('logged_out', 'Login page shown')).toBe(Msg.publishFailLoggedOut);
  });

  it('shows the platform’s own refusal as it is', () => {
    expect(publishFailureText('submit_rejected', ' 视频标题含有违规内容 ')).toBe('视频标题含有违规内容');
    expect(publishFailureText('rate_limited', '')).toBe(Msg.publishFailRateLimited);
  });
});
