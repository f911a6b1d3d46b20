import type { ListedWork } from './connectors/steps.ts';

/** A listed duration within this of the file's counts as the same video, s (lists round to seconds). */
export const DURATION_TOLERANCE_SEC = 1;
/**
 * A listed creation time this much before the submit still counts as after it, ms: lists show minutes
 * (a post made at 10:41:50 reads 10:41) and a runner's clock may be a little off the platform's. Far
 * below the spacing between two posts of one account, so an older post of ours never falls inside it.
 */
export const CREATED_AT_SLACK_MS = 3 * 60_000;

/** What a post of this job must look like in the works list. */
export interface MatchBasis {
  /** The title the works list shows for the job. */
  title: string;
  /** The uploaded file's duration, s, when it could be read. */
  fileDurationSec?: number;
  /** Ids the list showed before the submit; undefined when that list could not be read. */
  listedBefore?: ReadonlySet<string>;
  /** The runner's clock at the submit click, epoch ms; undefined when not recorded. */
  submittedAt?: number;
  /** The work id the platform's create answer gave, when it gives one. */
  createdId?: string;
}

const ELLIPSIS = /(?:…|\.\.\.)$/;
const normalize = (s: string) => s.replace(/\s+/g, ' ').trim();

/** True when a listed title is the job's title (a list that cuts long titles with … shows a prefix). */
export function titlesMatch(listed: string, expected: string): boolean {
  const a = normalize(listed);
  const b = normalize(expected);
  if (a === b) {
    return a !== '';
  }
  const stem = a.replace(ELLIPSIS, '').trim();
  return stem !== a && stem.length >= 5 && b.startsWith(stem);
}

function isNew(work: ListedWork, basis: MatchBasis): boolean {
  if (basis.listedBefore?.has(work.id)) {
    return false;
  }
  const known = work.createdAt !== undefined && basis.submittedAt !== undefined;
  if (known && work.createdAt! < basis.submittedAt! - CREATED_AT_SLACK_MS) {
    return false;
  }
  // Without the list from before the submit, only the list's own time can tell an old post from ours.
  return basis.listedBefore !== undefined || known;
}

function sameDuration(work: ListedWork, basis: MatchBasis): boolean {
  if (!work.durationSec || basis.fileDurationSec === undefined) {
    return true; // the list (or the file) gives no duration: nothing to compare
  }
  return Math.abs(work.durationSec - basis.fileDurationSec) <= DURATION_TOLERANCE_SEC;
}

/**
 * The job's own post in a works list, or undefined. With a create-answer id only that id counts;
 * otherwise only a work that was not listed before the submit, created after it (where the list gives
 * a time), with the job's title and the file's duration (±1 s, where the list gives one). Of several,
 * the one created nearest after the submit.
 */
export function matchNewWork(works: readonly ListedWork[], basis: MatchBasis): ListedWork | undefined {
  if (basis.createdId) {
    return works.find((w) => w.id === basis.createdId && !basis.listedBefore?.has(w.id));
  }
  const candidates = works.filter(
    (w) => w.id !== '' && titlesMatch(w.title, basis.title) && isNew(w, basis) && sameDuration(w, basis),
  );
  const at = basis.submittedAt;
  if (candidates.length < 2 || at === undefined) {
    return candidates[0];
  }
  const distance = (w: ListedWork) =>
    w.createdAt === undefined
      ? Number.MAX_SAFE_INTEGER
      : w.createdAt >= at
        ? w.createdAt - at
        : CREATED_AT_SLACK_MS + at - w.createdAt;
  return [...candidates].sort((a, b) => distance(a) - distance(b))[0];
}
