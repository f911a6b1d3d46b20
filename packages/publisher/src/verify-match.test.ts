import { describe, expect, it } from 'vitest';
import type { ListedWork } from './connectors/steps.ts';
import { CREATED_AT_SLACK_MS, matchNewWork, titlesMatch } from './verify-match.ts';

const SUBMIT = Date.UTC(2026, 10, 27, 8, 0, 0);
const work = (id: string, extra: Partial<ListedWork> = {}): ListedWork => ({
  id,
  title: '同一个标题',
  status: '审核中',
  href: null,
  ...extra,
});

describe('matchNewWork', () => {
  it('never takes an older post with the same title that was listed before the submit', () => {
    const old = work('old', { createdAt: SUBMIT - 86_400_000, durationSec: 10 });
    expect(matchNewWork([old], { title: '同一个标题', listedBefore: new Set(['old']), submittedAt: SUBMIT })).toBe(
      undefined,
    );
  });

  it('takes the new post: not listed before, created after the submit, same title and duration', () => {
    const old = work('old', { createdAt: SUBMIT - 86_400_000, durationSec: 10 });
    const mine = work('new', { createdAt: SUBMIT + 5_000, durationSec: 10 });
    const basis = { title: '同一个标题', listedBefore: new Set(['old']), submittedAt: SUBMIT, fileDurationSec: 10.4 };
    expect(matchNewWork([mine, old], basis)?.id).toBe('new');
  });

  it('refuses a post created before the submit even when the list before did not show it (a late list)', () => {
    const hidden = work('hidden', { createdAt: SUBMIT - CREATED_AT_SLACK_MS - 1 });
    expect(matchNewWork([hidden], { title: '同一个标题', listedBefore: new Set(), submittedAt: SUBMIT })).toBe(
      undefined,
    );
    // A list showing minutes reads a post made seconds after the click as before it: still ours.
    const minute = work('minute', { createdAt: SUBMIT - 40_000 });
    expect(matchNewWork([minute], { title: '同一个标题', listedBefore: new Set(), submittedAt: SUBMIT })?.id).toBe(
      'minute',
    );
  });

  it('refuses a new post whose duration is not the file’s (±1 s), and ignores durations a list does not give', () => {
    const basis = { title: '同一个标题', listedBefore: new Set<string>(), submittedAt: SUBMIT, fileDurationSec: 10 };
    expect(matchNewWork([work('a', { durationSec: 12 })], basis)).toBe(undefined);
    expect(matchNewWork([work('b', { durationSec: 11 })], basis)?.id).toBe('b');
    expect(matchNewWork([work('c')], basis)?.id).toBe('c');
  });

  it('refuses another title', () => {
    expect(matchNewWork([work('x', { title: '别的标题' })], { title: '同一个标题', listedBefore: new Set() })).toBe(
      undefined,
    );
  });

  it('with a create-answer id, only that id counts, and the list must show it', () => {
    const other = work('other', { createdAt: SUBMIT + 1_000 });
    const basis = { title: '同一个标题', listedBefore: new Set<string>(), submittedAt: SUBMIT, createdId: '42' };
    expect(matchNewWork([other], basis)).toBe(undefined);
    expect(matchNewWork([other, work('42', { title: '列表里改了标题' })], basis)?.id).toBe('42');
  });

  it('without the list from before, only a post whose listed time is after the submit counts', () => {
    expect(matchNewWork([work('a')], { title: '同一个标题', submittedAt: SUBMIT })).toBe(undefined);
    expect(
      matchNewWork([work('a', { createdAt: SUBMIT - 86_400_000 })], { title: '同一个标题', submittedAt: SUBMIT }),
    ).toBe(undefined);
    expect(
      matchNewWork([work('b', { createdAt: SUBMIT + 2_000 })], { title: '同一个标题', submittedAt: SUBMIT })?.id,
    ).toBe('b');
  });

  it('of two new posts with the title, takes the one created nearest after the submit', () => {
    const earlier = work('earlier', { createdAt: SUBMIT - 60_000 });
    const mine = work('mine', { createdAt: SUBMIT + 3_000 });
    const later = work('later', { createdAt: SUBMIT + 600_000 });
    const basis = { title: '同一个标题', listedBefore: new Set<string>(), submittedAt: SUBMIT };
    expect(matchNewWork([later, mine, earlier], basis)?.id).toBe('mine');
  });
});

describe('titlesMatch', () => {
  it('matches the same text with other spacing, and a list’s cut-off title by its prefix', () => {
    expect(titlesMatch(' 同一个  标题 ', '同一个 标题')).toBe(true);
    expect(titlesMatch('这是一个很长的标题…', '这是一个很长的标题后面还有很多字')).toBe(true);
    expect(titlesMatch('这是一个很长的标题...', '这是一个很长的标题后面还有很多字')).toBe(true);
    expect(titlesMatch('短…', '短标题')).toBe(false);
    expect(titlesMatch('', '')).toBe(false);
    expect(titlesMatch('这是一个很长的标题', '这是一个很长的标题后面还有很多字')).toBe(false);
  });
});
