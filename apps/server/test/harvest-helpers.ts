import {
  HarvestApi,
  type HarvestIngestBody,
  type HarvestIngestItem,
  type HarvestIngestResult,
} from '@vidmatrix/contract/api/harvest';
import { RUNNER_TOKEN_HEADER } from '@vidmatrix/contract/api/publish';
import type { App } from '../src/app.ts';
import { startPublishServer, type Answer, type PublishServer } from './publish-helpers.ts';
import { TestSocket, socketUrl, testChannel } from './realtime-helpers.ts';

const DAY_MS = 86_400_000;

/** 10:00 Beijing time today (02:00 UTC): inside the write window (08:00–24:00 UTC+8), whatever the machine's clock says. */
export function beijingMorning(): number {
  return Math.floor(Date.now() / DAY_MS) * DAY_MS + 2 * 3_600_000;
}

/** The app of a harvest test file and the demo member's realtime socket (closed with it). */
export interface HarvestServer extends PublishServer {
  socket: TestSocket;
}

/**
 * The app of a harvest test file: listening (the socket needs a port), its own queue off, its clock at
 * 10:00 Beijing time, and the demo member signed in with their realtime socket bound.
 */
export async function startHarvestServer(): Promise<HarvestServer> {
  const server = await startPublishServer({ listen: true, appOptions: { realtime: { channel: testChannel() } } });
  server.ctx.clock.now = beijingMorning();
  const socket = await TestSocket.bound(socketUrl(server.ctx.app), server.memberId, server.token);
  return {
    ...server,
    socket,
    async close() {
      socket.close();
      await server.close();
    },
  };
}

/**
 * A maker of harvested items for one test file: each call numbers a new item (`n`), `defaults(n)`
 * gives the file's own ids, names, text and time, and `over` the test's.
 */
export function harvestItems(
  defaults: (n: number) => Partial<HarvestIngestItem>,
): (over?: Partial<HarvestIngestItem>) => HarvestIngestItem {
  let n = 0;
  return (over = {}) => {
    n += 1;
    return {
      source: 'comment',
      item_id: `@item-${n}`,
      post_id: '7300000000000000001',
      post_title: '新品上市',
      parent_id: '',
      author_id: `u-${n}`,
      author_name: `客户${n}`,
      from_self: false,
      text: '好看',
      created_at: Math.floor(Date.now() / 1000) - 60,
      link: '',
      ...defaults(n),
      ...over,
    };
  };
}

/** One page of items as a runner sends it (the page's source is its first item's unless given). */
export function ingestPage(
  account: number,
  items: HarvestIngestItem[],
  cursor = '',
  source = items[0]?.source ?? 'comment',
): HarvestIngestBody {
  return { account_id: account, source, items, cursor };
}

/** runner.Runner/harvestIngest with a runner token: the HTTP status and the envelope. */
export async function ingestAs(
  app: App,
  runnerToken: string,
  body: HarvestIngestBody,
): Promise<{ status: number; body: Answer<HarvestIngestResult> }> {
  const res = await app.inject({
    method: 'POST',
    url: HarvestApi.ingest,
    headers: { [RUNNER_TOKEN_HEADER]: runnerToken },
    payload: body,
  });
  return { status: res.statusCode, body: res.json<Answer<HarvestIngestResult>>() };
}
