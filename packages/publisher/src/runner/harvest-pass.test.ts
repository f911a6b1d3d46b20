import type { HarvestIngestBody, HarvestItem, HarvestThreadsBody } from '@vidmatrix/contract/api/harvest';
import type { HarvestWork } from '@vidmatrix/contract/api/harvest-work';
import type { HarvestWrite } from '@vidmatrix/contract/api/harvest-work';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Harvester } from '../harvest/types.ts';
import { deliver, readSource } from './harvest-pass.ts';
import type { RunnerClient } from './runner-client.ts';

const comment: HarvestItem = {
  source: 'comment',
  item_id: 'c-1',
  post_id: 'p-1',
  post_title: '新品',
  parent_id: '',
  author_id: 'buyer',
  author_name: '买家',
  from_self: false,
  text: '多少钱？',
  created_at: 1_790_000_000,
  link: '',
};
const write = (confirmSince: number): HarvestWrite => ({
  message_id: 7,
  kind: 'comment_reply',
  text: '您好，已私信',
  client_id: 'c',
  target: comment,
  confirm_since: confirmSince,
});

/** A platform that holds the account's own replies in `posted` and records every send and look. */
function platform(posted: string[], looksFail = false) {
  const calls: string[] = [];
  const own = (text: string): HarvestItem => ({ ...comment, item_id: `own-${text}`, from_self: true, text });
  const look = (_p: Page, _t: HarvestItem, text: string, after: number) => {
    calls.push(`look since ${after}`);
    return looksFail
      ? Promise.reject(new Error('read failed'))
      : Promise.resolve(posted.includes(text) ? own(text) : undefined);
  };
  const harvester = {
    platform: 'douyin',
    version: 't',
    readComments: () => Promise.reject(new Error('unused')),
    readMessages: () => Promise.reject(new Error('unused')),
    replyComment: (_p: Page, _t: HarvestItem, text: string) => {
      calls.push('send');
      posted.push(text);
      return Promise.resolve({ outcome: 'sent' as const, item: own(text) });
    },
    sendMessage: () => Promise.reject(new Error('unused')),
    confirmReply: look,
    confirmMessage: look,
  } satisfies Harvester;
  return { harvester, calls, posted };
}
const page = {} as Page;

describe('deliver, for a reply a vanished runner took', () => {
  it('reports it sent without sending when the platform already shows it', async () => {
    const p = platform(['您好，已私信']);
    expect(await deliver(p.harvester, page, write(1000))).toMatchObject({
      outcome: 'sent',
      item: { item_id: 'own-您好，已私信' },
    });
    expect(p.calls).toEqual(['look since 999']);
    expect(p.posted).toHaveLength(1);
  });

  it('sends it once when the platform does not show it, and leaves it ambiguous when the look fails', async () => {
    const p = platform([]);
    expect(await deliver(p.harvester, page, write(1000))).toMatchObject({ outcome: 'sent' });
    expect(p.calls).toEqual(['look since 999', 'send']);
    const failing = platform([], true);
    expect(await deliver(failing.harvester, page, write(1000))).toEqual({ message_id: 7, outcome: 'ambiguous' });
    expect(failing.calls).toEqual(['look since 999']);
  });

  it('sends a fresh reply without looking first', async () => {
    const p = platform([]);
    expect(await deliver(p.harvester, page, write(0))).toMatchObject({ outcome: 'sent' });
    expect(p.calls).toEqual(['send']);
  });
});

describe('readSource', () => {
  it('hands the harvester the server’s stored thread counts, and the server the counts the page read', async () => {
    const asked: HarvestThreadsBody[] = [];
    const ingested: HarvestIngestBody[] = [];
    const client = {
      harvestCursor: () => Promise.resolve({ cursor: 'c-0', updated_at: '' }),
      harvestThreads: (body: HarvestThreadsBody) => {
        asked.push(body);
        return Promise.resolve({ threads: [{ root_id: 'r-1', replies: 3 }] });
      },
      harvestIngest: (body: HarvestIngestBody) => {
        ingested.push(body);
        return Promise.resolve({ stored: 0, leads: 0 });
      },
    } as unknown as RunnerClient;
    const seen: (Map<string, number> | undefined)[] = [];
    const harvester = {
      ...platform([]).harvester,
      readComments: async (_p: Page, request: Parameters<Harvester['readComments']>[1]) => {
        seen.push(await request.threads?.(['r-1', 'r-2']));
        return { items: [comment], threads: [{ root_id: 'r-2', replies: 1 }], cursor: '' };
      },
    } satisfies Harvester;
    const work = { account_id: 5, since: { comment: 100, message: 100 } } as unknown as HarvestWork;
    await readSource(client, harvester, page, work, 'comment', () => 0, new AbortController().signal);
    expect(asked).toEqual([{ account_id: 5, root_ids: ['r-1', 'r-2'] }]);
    expect(seen).toEqual([new Map([['r-1', 3]])]);
    expect(ingested).toEqual([
      { account_id: 5, source: 'comment', items: [comment], cursor: '', threads: [{ root_id: 'r-2', replies: 1 }] },
    ]);
  });
});
