import type { HarvestPage, HarvestItem, HarvestSource } from '@vidmatrix/contract/api/harvest';
import { HARVEST_PAGES_PER_PASS, type HarvestWork, type HarvestWrite } from '@vidmatrix/contract/api/harvest-work';
import { READ_LIGHT_GAP_MS, withJitter } from '@vidmatrix/contract/rules/harvest-pacing';
import type { HarvestFailure } from '@vidmatrix/contract/rules/harvest-result';
import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import type { Page } from 'playwright-core';
import { pause } from '../deadline.ts';
import type { HarvestOverrides } from '../harvest/definition.ts';
import { harvesterFor } from '../harvest/registry.ts';
import { HarvestError, type Harvester, type ReadRequest } from '../harvest/types.ts';
import { isResting } from '../harvest/walk.ts';
import { openAccount, type PublisherOptions } from '../run-job.ts';
import type { AccountProfile } from '../types.ts';
import type { HarvestWriteReportBody, RunnerClient } from './runner-client.ts';

/** How a runner harvests: where each platform's harvester points, and the wait between two page reads. */
export interface HarvestOptions {
  /** Per platform (e.g. every host at the sandbox's `/<platform>`); the real sites by default. */
  overrides?: Partial<Record<PublishPlatform, HarvestOverrides>>;
  /** Between two page reads of one account, ms (default: a light read's gap with jitter). */
  readGapMs?: () => number;
}

type Log = (message: string, data?: Record<string, unknown>) => void;

/** The failure a harvester's error stands for (anything unexpected is `failed`). */
function failureOf(err: unknown): { kind: HarvestFailure; text: string } {
  return err instanceof HarvestError
    ? { kind: err.kind, text: err.platformText || err.message }
    : { kind: 'failed', text: err instanceof Error ? err.message : String(err) };
}

/**
 * One claimed pass over an account, in its own profile: reads comments then private messages from the
 * stored cursor (a few pages, each handed to the server with the cursor after it), then sends the reply
 * the server found due. A write that may have gone out is re-read, never sent again; the report frees
 * the account either way.
 */
export async function runHarvestPass(
  client: RunnerClient,
  work: HarvestWork,
  account: AccountProfile,
  publisher: PublisherOptions,
  options: HarvestOptions,
  log: Log,
  signal: AbortSignal,
): Promise<void> {
  const harvester = harvesterFor(work.platform, options.overrides?.[work.platform]);
  const gap = options.readGapMs ?? (() => withJitter(READ_LIGHT_GAP_MS));
  const writes: HarvestWriteReportBody[] = [];
  let outcome: 'ok' | HarvestFailure = 'ok';
  let platformText = '';
  let read = false;
  try {
    const session = await openAccount(account, publisher);
    try {
      if (work.read) {
        for (const source of ['comment', 'message'] as const) {
          await readSource(client, harvester, session.page, work, source, gap, signal);
        }
        read = true;
      }
      for (const write of work.writes) {
        const report = await deliver(harvester, session.page, write);
        writes.push(report);
        if (report.outcome === 'logged_out' || report.outcome === 'rate_limited' || report.outcome === 'verification') {
          break;
        }
      }
    } finally {
      await session.close().catch(() => undefined);
    }
  } catch (err) {
    const failure = failureOf(err);
    outcome = failure.kind;
    platformText = failure.text.slice(0, 500);
    log('harvest pass stopped', { account: work.account_id, kind: failure.kind, err: failure.text });
  }
  // Replies the pass never reached went nowhere: the server may hand them out again.
  for (const write of work.writes) {
    if (!writes.some((w) => w.message_id === write.message_id)) {
      writes.push({ message_id: write.message_id, outcome: 'not_sent' });
    }
  }
  const state = await client.harvestReport({
    account_id: work.account_id,
    outcome,
    read,
    platform_text: platformText,
    writes,
  });
  log('harvest pass finished', { account: work.account_id, outcome, state, writes: writes.length });
}

/** Reads one source from its stored cursor, page by page, each page ingested before the next is read (with the threads it read, the look-up of their stored counts going through the server). */
export async function readSource(
  client: RunnerClient,
  harvester: Harvester,
  page: Page,
  work: HarvestWork,
  source: HarvestSource,
  gap: () => number,
  signal: AbortSignal,
): Promise<void> {
  let { cursor } = await client.harvestCursor(work.account_id, source);
  for (let n = 0; n < HARVEST_PAGES_PER_PASS && !signal.aborted; n += 1) {
    if (n > 0) {
      await pause(gap(), signal);
    }
    let got: HarvestPage;
    try {
      const request: ReadRequest = {
        cursor,
        since: work.since[source],
        threads: async (rootIds) => {
          const known = await client.harvestThreads({ account_id: work.account_id, root_ids: rootIds });
          return new Map(known.threads.map((t) => [t.root_id, t.replies]));
        },
      };
      got =
        source === 'comment'
          ? await harvester.readComments(page, request)
          : await harvester.readMessages(page, request);
    } catch (err) {
      // A source the platform does not offer on the web (Kuaishou's messages) is simply not read.
      if (err instanceof HarvestError && err.kind === 'unavailable') {
        return;
      }
      throw err;
    }
    await client.harvestIngest({
      account_id: work.account_id,
      source,
      items: got.items,
      cursor: got.cursor,
      threads: got.threads ?? [],
    });
    cursor = got.cursor;
    // A finished walk rests (its cursor keeps the rotation through older posts for the next pass).
    if (!cursor || isResting(cursor)) {
      return;
    }
  }
}

/**
 * Sends one reply; an ambiguous write is looked for in the thread again and reported as found or not. A
 * reply an earlier pass took and never reported (its runner vanished) is looked for first and sent only
 * when it is not there; a look that fails reports it ambiguous rather than risk sending it twice.
 */
export async function deliver(harvester: Harvester, page: Page, write: HarvestWrite): Promise<HarvestWriteReportBody> {
  const startedAt = Math.floor(Date.now() / 1000) - 1;
  const target: HarvestItem = write.target;
  const confirm = (since: number) =>
    write.kind === 'comment_reply'
      ? harvester.confirmReply(page, target, write.text, since)
      : harvester.confirmMessage(page, target, write.text, since);
  if (write.confirm_since > 0) {
    let earlier: HarvestItem | undefined;
    try {
      earlier = await confirm(write.confirm_since - 1);
    } catch {
      return { message_id: write.message_id, outcome: 'ambiguous' };
    }
    if (earlier) {
      return { message_id: write.message_id, outcome: 'sent', item: earlier };
    }
  }
  try {
    const result =
      write.kind === 'comment_reply'
        ? await harvester.replyComment(page, target, write.text, write.client_id)
        : await harvester.sendMessage(page, target, write.text, write.client_id);
    if (result.outcome === 'sent') {
      return { message_id: write.message_id, outcome: 'sent', ...(result.item ? { item: result.item } : {}) };
    }
  } catch (err) {
    const failure = failureOf(err);
    return { message_id: write.message_id, outcome: failure.kind, platform_text: failure.text.slice(0, 500) };
  }
  const found = await confirm(startedAt).catch(() => undefined);
  return found
    ? { message_id: write.message_id, outcome: 'sent', item: found }
    : { message_id: write.message_id, outcome: 'ambiguous' };
}
