import { join } from 'node:path';
import type { PrivateListItem, ThreadResult } from '@vidmatrix/contract/api/customer';
import { HarvestWorkApi } from '@vidmatrix/contract/api/harvest-work';
import { HARVEST_SCAN_INTERVAL_MS, PACING_JITTER } from '@vidmatrix/contract/rules/harvest-pacing';
import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import { TEST_HARVEST_TIMEOUTS } from '@vidmatrix/publisher/test-support/harvest';
import { openAccount } from '@vidmatrix/publisher/run-job';
import { sandboxOptions, tempDir } from '@vidmatrix/publisher/test-support';
import { describe, expect, it } from 'vitest';
import { beijingMorning } from './harvest-helpers.ts';
import { addAccounts, memberCall, publishStageHooks, untilWithin } from './publish-helpers.ts';

/** Generous: a busy two-core machine runs Chromium and the server at once. */
const DEADLINE_MS = 120_000;
const until = untilWithin(DEADLINE_MS);
const stage = publishStageHooks();

const list = async () =>
  (
    await memberCall<{ list: PrivateListItem[] }>(
      stage.ctx.app,
      stage.token,
      '/api/customer.DouyinCustomer/privateList',
    )
  ).data.list;
const thread = async (id: number) =>
  (
    await memberCall<ThreadResult>(stage.ctx.app, stage.token, '/api/customer.DouyinCustomer/thread', {
      conversation_id: id,
    })
  ).data;

describe('the runner harvests and replies through the platform sandbox', { timeout: DEADLINE_MS * 2 }, () => {
  it('reads a comment and a message on two platforms, then sends each console reply once on the right account', async () => {
    stage.ctx.clock.now = beijingMorning();
    const workDir = await tempDir('harvest-runner');
    const [douyin, bilibili] = (await addAccounts(stage.ctx.db, stage.memberId, [1, 5])) as [number, number];
    const accounts = [
      ['douyin', douyin],
      ['bilibili', bilibili],
    ] as const satisfies readonly (readonly [PublishPlatform, number])[];
    const user = (id: number) => `user-${id}`;
    const publisher = sandboxOptions(stage.sandbox.url, join(workDir, 'artefacts'));
    // The profiles are signed in once, as a login on the runner's machine leaves them.
    for (const [platform, id] of accounts) {
      const session = await openAccount(
        { id: String(id), profileDir: join(workDir, 'profiles', `${platform}-${id}`) },
        publisher,
      );
      const res = await session.page
        .context()
        .request.post(`${stage.sandbox.url}/${platform}/__sandbox/login`, { data: { account: user(id) } });
      expect(res.ok()).toBe(true);
      await session.close();
      await stage.control.addWork({ platform, user: user(id), title: '新品上架' });
      await stage.control.feed({
        platform,
        account: user(id),
        source: 'comment',
        text: `${platform}评论：多少钱？`,
        author: '评论买家',
        post: '新品上架',
      });
      await stage.control.feed({
        platform,
        account: user(id),
        source: 'message',
        text: `${platform}私信：怎么买`,
        author: '私信买家',
      });
    }
    const enabled = await memberCall(stage.ctx.app, stage.token, HarvestWorkApi.setEnabled, {
      account_ids: [douyin, bilibili],
      enabled: true,
    });
    expect(enabled.code).toBe(200);

    await stage.startRunner('harvester', {
      workDir,
      publisher,
      authorize: false,
      harvestPollMs: 100,
      harvest: {
        overrides: Object.fromEntries(
          accounts.map(([p]) => [p, { baseUrl: `${stage.sandbox.url}/${p}`, timeouts: TEST_HARVEST_TIMEOUTS }]),
        ),
        readGapMs: () => 0,
      },
    });

    // Both sources of both accounts reach 客户消息.
    const conversations = await until(
      'four harvested conversations',
      list,
      (l) => l.filter((c) => c.enterprise_account_id === douyin || c.enterprise_account_id === bilibili).length >= 4,
    );
    const find = async (accountId: number, text: string) => {
      for (const c of conversations.filter((x) => x.enterprise_account_id === accountId)) {
        if ((await thread(c.conversation_id)).list.some((m) => m.content === text)) {
          return c.conversation_id;
        }
      }
      throw new Error(`no conversation with ${text}`);
    };
    const douyinComment = await find(douyin, 'douyin评论：多少钱？');
    await find(douyin, 'douyin私信：怎么买');
    await find(bilibili, 'bilibili评论：多少钱？');
    const bilibiliMessage = await find(bilibili, 'bilibili私信：怎么买');

    for (const [conversation, content] of [
      [douyinComment, '您好，价格已私信'],
      [bilibiliMessage, '您好，链接在简介'],
    ] as const) {
      const res = await memberCall(stage.ctx.app, stage.token, '/api/customer.DouyinCustomer/reply', {
        conversation_id: conversation,
        content,
      });
      expect(res.code).toBe(200);
    }
    const sentIn = (conversation: number, content: string) =>
      until(
        `${content} sent`,
        () => thread(conversation),
        (t) => t.list.some((m) => m.content === content && m.delivery_status === 'sent'),
      );
    await sentIn(douyinComment, '您好，价格已私信');
    await sentIn(bilibiliMessage, '您好，链接在简介');

    // Another read pass reads the replies back; nothing is sent twice and no second row appears.
    stage.ctx.clock.advance(Math.ceil(HARVEST_SCAN_INTERVAL_MS * (1 + PACING_JITTER)) + 1);
    const before = await stage.ctx.db
      .selectFrom('harvest_account')
      .select(['enterprise_account_id', 'last_read_at'])
      .execute();
    await until(
      'a second read pass on both accounts',
      () => stage.ctx.db.selectFrom('harvest_account').select(['enterprise_account_id', 'last_read_at']).execute(),
      (rows) =>
        rows.every(
          (r) =>
            Number(r.last_read_at) >
            Number(before.find((b) => b.enterprise_account_id === r.enterprise_account_id)?.last_read_at ?? 0),
        ),
    );
    const douyinSent = await stage.control.sent('douyin', user(douyin));
    const bilibiliSent = await stage.control.sent('bilibili', user(bilibili));
    expect(douyinSent.map((s) => [s.kind, s.text])).toEqual([['comment_reply', '您好，价格已私信']]);
    expect(bilibiliSent.map((s) => [s.kind, s.text])).toEqual([['message', '您好，链接在简介']]);
    expect((await thread(douyinComment)).list.filter((m) => m.content === '您好，价格已私信')).toHaveLength(1);
    expect((await thread(bilibiliMessage)).list.filter((m) => m.content === '您好，链接在简介')).toHaveLength(1);
  });
});
