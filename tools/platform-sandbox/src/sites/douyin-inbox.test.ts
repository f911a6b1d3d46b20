import { describe, expect, it } from 'vitest';
import { pbDecode, pbEncode, type PbFields, pbInt, pbMessage, pbText } from '../inbox/protobuf.ts';
import { inboxStage, postJson, siteClient } from '../inbox/test-support.ts';

// One test per Douyin item of research/leads.md §7 (comments and private messages), over plain HTTP as
// the creator centre's and www.douyin.com's own scripts call them: no publisher code.
const stage = inboxStage();
let serial = 0;

async function account() {
  serial += 1;
  const name = `dy-inbox-${serial}`;
  return { name, client: await siteClient(stage.sandbox.url, 'douyin', name) };
}

interface CommentList {
  status_code: number;
  comment_info_list: {
    comment_id: string;
    create_time: string;
    text: string;
    level: number;
    reply_count: number;
    is_author: boolean;
    user_info: { user_id: string; screen_name: string };
  }[];
  cursor: number;
  has_more: boolean;
  total_count: number;
}

/** An IM request as www.douyin.com sends it: cmd in field 1, the body in field 8 under the cmd's number. */
const imRequest = (cmd: number, body: Parameters<typeof pbEncode>[0]) =>
  pbEncode([
    [1, cmd],
    [2, 9],
    [8, pbEncode([[cmd, pbEncode(body)]])],
  ]);

async function im(client: Awaited<ReturnType<typeof siteClient>>, path: string, bytes: Uint8Array<ArrayBuffer>) {
  const res = await client.call(path, {
    method: 'POST',
    body: bytes,
    headers: { 'content-type': 'application/x-protobuf' },
  });
  return new Uint8Array(await res.arrayBuffer());
}

describe('douyin comments (creator.douyin.com, research/leads.md §1)', () => {
  it('item/list gives each work an encrypted "@…" item_id beside item_id_plain, with cursor and has_more', async () => {
    const { name, client } = await account();
    for (let i = 0; i < 12; i += 1) {
      await stage.control.addWork({ platform: 'douyin', user: name, title: `作品 ${i}` });
    }
    const first = await client.json<{
      status_code: number;
      item_info_list: { item_id: string; item_id_plain: string; title: string }[];
      cursor: number;
      has_more: boolean;
    }>('/aweme/v1/creator/item/list/?cursor=0');
    expect(first.status_code).toBe(0);
    expect(first.item_info_list[0]?.title).toBe('作品 11'); // newest first
    expect(first.item_info_list[0]?.item_id).toMatch(/^@/);
    expect(first.item_info_list[0]?.item_id_plain).toMatch(/^\d{19}$/);
    expect(first.has_more).toBe(true);
    const second = await client.json<typeof first>(`/aweme/v1/creator/item/list/?cursor=${first.cursor}`);
    expect(second.item_info_list.map((i) => i.title)).toEqual(['作品 1', '作品 0']);
    expect(second.has_more).toBe(false);
  });

  it('comment/list pages level-1 comments by cursor+has_more; reply/list has the replies; ids are "@…"', async () => {
    const { name, client } = await account();
    const at = Date.now() - 60_000;
    const fed = [];
    for (let i = 0; i < 3; i += 1) {
      fed.push(
        await stage.control.feed({
          platform: 'douyin',
          account: name,
          source: 'comment',
          text: `第${i}条`,
          author: `粉丝${i}`,
          at: at + i,
        }),
      );
    }
    await stage.control.feed({
      platform: 'douyin',
      account: name,
      source: 'comment',
      text: '回复你',
      parent: fed[0]?.id,
    });
    const item = (
      await client.json<{ item_info_list: { item_id: string; comment_count: number }[] }>(
        '/aweme/v1/creator/item/list/',
      )
    ).item_info_list[0];
    expect(item?.comment_count).toBe(4);
    const page1 = await client.json<CommentList>(
      `/aweme/v1/creator/comment/list/?item_id=${encodeURIComponent(item?.item_id ?? '')}&cursor=0&count=2&sort=TIME`,
    );
    expect(page1.comment_info_list.map((c) => c.text)).toEqual(['第2条', '第1条']);
    expect(page1.has_more).toBe(true);
    expect(page1.total_count).toBe(3);
    const c = page1.comment_info_list[0];
    expect(c?.comment_id).toMatch(/^@/);
    expect(c?.create_time).toBe(String(Math.floor((at + 2) / 1000))); // unix seconds, as a string
    expect(c?.user_info.screen_name).toBe('粉丝2');
    expect(c?.level).toBe(1);
    const page2 = await client.json<CommentList>(
      `/aweme/v1/creator/comment/list/?item_id=${encodeURIComponent(item?.item_id ?? '')}&cursor=${page1.cursor}&count=2`,
    );
    expect(page2.comment_info_list.map((x) => [x.text, x.reply_count])).toEqual([['第0条', 1]]);
    expect(page2.has_more).toBe(false);
    const replies = await client.json<CommentList>(
      `/aweme/v1/creator/comment/reply/list/?comment_id=${encodeURIComponent(fed[0]?.id ?? '')}&cursor=0&count=20`,
    );
    expect(replies.comment_info_list.map((x) => [x.text, x.level])).toEqual([['回复你', 2]]);
  });

  it('reply/list: a thread’s level-2 replies by cursor+count, oldest first; reply_to_user_info, is_author; a reply moves no thread', async () => {
    const { name, client } = await account();
    const at = Date.now() - 600_000;
    const feed = (text: string, when: number, more: { parent?: string; author?: string; fromSelf?: boolean } = {}) =>
      stage.control.feed({ platform: 'douyin', account: name, source: 'comment', text, at: when, ...more });
    const old = await feed('有链接吗', at, { author: '老粉' });
    await feed('后来的评论', at + 1000, { author: '路人' });
    const own = await feed('在橱窗', at + 2000, { parent: old.id, fromSelf: true });
    const replies = [];
    for (let i = 0; i < 3; i += 1) {
      replies.push(await feed(`追问${i}`, at + 3000 + i * 1000, { parent: own.id, author: `买家${i}` }));
    }
    const itemId = (await client.json<{ item_info_list: { item_id: string }[] }>('/aweme/v1/creator/item/list/'))
      .item_info_list[0]?.item_id;
    const list = await client.json<CommentList>(
      `/aweme/v1/creator/comment/list/?item_id=${encodeURIComponent(itemId ?? '')}&cursor=0&count=20&sort=TIME`,
    );
    // The old comment stays below the newer one (by its own create_time); its reply_count counts the thread.
    expect(list.comment_info_list.map((c) => [c.text, c.reply_count])).toEqual([
      ['后来的评论', 0],
      ['有链接吗', 4],
    ]);
    type Replies = CommentList & {
      comment_info_list: { reply_to_user_info: { user_id: string; screen_name: string } | null }[];
    };
    const path = (cursor: number) =>
      `/aweme/v1/creator/comment/reply/list/?comment_id=${encodeURIComponent(old.id)}&cursor=${cursor}&count=2`;
    const page1 = await client.json<Replies>(path(0));
    expect(page1.comment_info_list.map((c) => [c.text, c.level, c.is_author])).toEqual([
      ['在橱窗', 2, true],
      ['追问0', 2, false],
    ]);
    expect(page1).toMatchObject({ status_code: 0, has_more: true, total_count: 4 });
    // Under the first-level comment itself: no reply_to_user_info; under a reply: whom it answers.
    expect(page1.comment_info_list[0]?.reply_to_user_info).toBeNull();
    expect(page1.comment_info_list[1]?.reply_to_user_info).toMatchObject({ screen_name: name });
    expect(page1.comment_info_list[0]?.user_info.user_id).toBe(own.author.id);
    const page2 = await client.json<Replies>(path(page1.cursor));
    expect(page2.comment_info_list.map((c) => c.comment_id)).toEqual([replies[1]?.id, replies[2]?.id]);
    expect(page2.has_more).toBe(false);
  });

  it('reply: X-Secsdk-Csrf-Token from the HEAD’s x-ware-csrf-token, body {comment_Id, item_id, text}; recorded once', async () => {
    const { name, client } = await account();
    const fed = await stage.control.feed({
      platform: 'douyin',
      account: name,
      source: 'comment',
      text: '多少钱',
      author: '买家',
    });
    const item = (await client.json<{ item_info_list: { item_id: string }[] }>('/aweme/v1/creator/item/list/'))
      .item_info_list[0];
    const head = await client.call('/web/api/media/anchor/search', { method: 'HEAD' });
    const token = head.headers.get('x-ware-csrf-token')?.split(',')[1] ?? '';
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const body = { comment_Id: fed.id, item_id: item?.item_id, text: '私信你了' };
    const refused = await client.json<{ status_code: number }>('/aweme/v1/creator/comment/reply/', postJson(body));
    expect(refused.status_code).not.toBe(0); // no csrf header
    const ok = await client.json<{
      status_code: number;
      comment_info: { comment_id: string; is_author: boolean; level: number };
    }>('/aweme/v1/creator/comment/reply/', postJson(body, { 'X-Secsdk-Csrf-Token': token }));
    expect(ok.status_code).toBe(0);
    expect(ok.comment_info).toMatchObject({ is_author: true, level: 2 });
    expect(await stage.control.sent('douyin', name)).toEqual([
      expect.objectContaining({
        kind: 'comment_reply',
        target: fed.id,
        text: '私信你了',
        id: ok.comment_info.comment_id,
      }),
    ]);
    // Without the capital I the text is a new first-level comment, not a reply.
    const top = await client.json<{ comment_info: { level: number } }>(
      '/aweme/v1/creator/comment/reply/',
      postJson({ comment_id: fed.id, item_id: item?.item_id, text: '置顶说明' }, { 'X-Secsdk-Csrf-Token': token }),
    );
    expect(top.comment_info.level).toBe(1);
  });

  it('errors: status_code 8 logged out, status_code ≠ 0 rate limit, an empty body or "blocked" under risk control', async () => {
    const loggedOut = await siteClient(stage.sandbox.url, 'douyin', '');
    expect(await loggedOut.json('/aweme/v1/creator/comment/list/?item_id=x')).toMatchObject({ status_code: 8 });
    const { client } = await account();
    await stage.control.setSwitches('douyin', { inboxRisk: 'rate_limit' });
    const limited = await client.json<{ status_code: number; status_msg: string }>('/aweme/v1/creator/item/list/');
    expect(limited.status_code).not.toBe(0);
    expect(limited.status_msg).toContain('频繁');
    await stage.control.setSwitches('douyin', { inboxRisk: 'verify' });
    const empty = await client.call('/aweme/v1/creator/item/list/');
    expect([empty.status, await empty.text()]).toEqual([200, '']);
    await stage.control.setSwitches('douyin', { inboxRisk: 'blocked' });
    expect(await (await client.call('/aweme/v1/creator/item/list/')).text()).toBe('blocked');
  });

  it('the comment page lists comments; logged out it goes to the login', async () => {
    const { name, client } = await account();
    await stage.control.feed({
      platform: 'douyin',
      account: name,
      source: 'comment',
      text: '<b>想买</b>',
      author: '甲',
    });
    for (const path of ['/creator-micro/interactive/comment', '/creator-micro/interaction/comment-management']) {
      const html = await (await client.call(path)).text();
      expect(html).toContain('&lt;b&gt;想买&lt;/b&gt;'); // plain text, never markup
    }
    const out = await (await siteClient(stage.sandbox.url, 'douyin', '')).call('/creator-micro/interactive/comment');
    expect([out.status, out.headers.get('location')]).toEqual([302, '/douyin/']);
  });
});

describe('douyin private messages (www.douyin.com/chat, imapi protobuf, research/leads.md §1)', () => {
  it('is fed only a person id the IM can carry (a uid), else refused at once', async () => {
    const { name } = await account();
    const feed = (authorId: string) =>
      stage.control.feed({ platform: 'douyin', account: name, source: 'message', text: '你好', authorId });
    await expect(feed('dy-buyer')).rejects.toThrow(/400 .*not a douyin user id/);
    expect((await feed('73000000000001')).author.id).toBe('73000000000001');
  });

  it('the creator centre has no DM entry since Aug 2026; www.douyin.com/chat lists the conversations', async () => {
    const { name, client } = await account();
    await stage.control.feed({ platform: 'douyin', account: name, source: 'message', text: '在吗', author: '小王' });
    const old = await client.call('/creator-micro/data/following/chat');
    expect([old.status, old.headers.get('location')]).toEqual([302, '/douyin/creator-micro/home']);
    const chat = await (await client.call('/chat')).text();
    expect(chat).toContain('小王');
    expect(chat).toContain('在吗');
    const out = await (await siteClient(stage.sandbox.url, 'douyin', '')).call('/chat');
    expect(out.status).toBe(302);
  });

  it('get_message_by_init (2043): every conversation with conv_id 0:1:a:b, short_id, ticket and its last message', async () => {
    const { name, client } = await account();
    const fed = await stage.control.feed({
      platform: 'douyin',
      account: name,
      source: 'message',
      text: '怎么买',
      author: '小李',
    });
    const env = pbDecode(
      await im(
        client,
        '/v1/message/get_message_by_init',
        imRequest(2043, [
          [1, Date.now() * 1000],
          [2, 1],
        ]),
      ),
    );
    expect(pbText(env, 4)).toBe('OK');
    const selfUid = pbText(env, 13);
    const wrappers = pbMessage(pbMessage(env, 6), 2043).get(1) ?? [];
    expect(wrappers).toHaveLength(1);
    const wrapper = pbDecode(wrappers[0] as Uint8Array);
    const core = pbMessage(wrapper, 1);
    const convId = pbText(core, 1);
    expect(convId).toMatch(/^0:1:\d+:\d+$/);
    expect(convId.split(':').slice(2).sort()).toEqual([selfUid, fed.author.id].sort());
    expect(pbInt(core, 2)).toBeGreaterThan(2n ** 53n);
    expect(pbText(core, 4)).not.toBe('');
    const last = pbMessage(wrapper, 2);
    expect(JSON.parse(pbText(last, 8))).toMatchObject({ text: '怎么买' });
    expect(String(pbInt(last, 3))).toBe(fed.id); // server_msg_id: exact beyond 2^53
    expect(String(pbInt(last, 7))).toBe(fed.author.id);
  });

  it('get_by_conversation (301) pages newest first with next_cursor and has_more; the time is in ext', async () => {
    const { name, client } = await account();
    const at = Date.now() - 10_000;
    for (let i = 0; i < 5; i += 1) {
      await stage.control.feed({
        platform: 'douyin',
        account: name,
        source: 'message',
        text: `消息${i}`,
        author: '老客户',
        at: at + i * 1000,
      });
    }
    const env = pbDecode(
      await im(
        client,
        '/v1/message/get_message_by_init',
        imRequest(2043, [
          [1, 1],
          [2, 1],
        ]),
      ),
    );
    const core = pbMessage(pbDecode((pbMessage(pbMessage(env, 6), 2043).get(1) ?? [])[0] as Uint8Array), 1);
    const history = async (cursor: bigint) => {
      const e = pbDecode(
        await im(
          client,
          '/v1/message/get_by_conversation',
          imRequest(301, [
            [1, pbText(core, 1)],
            [2, 1],
            [3, pbInt(core, 2)],
            [4, 1],
            [5, cursor],
            [6, 3],
          ]),
        ),
      );
      return pbMessage(pbMessage(e, 6), 301);
    };
    const texts = (b: PbFields) =>
      (b.get(1) ?? []).map((m) => (JSON.parse(pbText(pbDecode(m as Uint8Array), 8)) as { text: string }).text);
    const first = await history(0n);
    expect(texts(first)).toEqual(['消息4', '消息3', '消息2']);
    expect(pbInt(first, 3)).toBe(1n);
    const msg = pbDecode((first.get(1) ?? [])[0] as Uint8Array);
    const ext = (msg.get(9) ?? [])
      .map((e) => pbDecode(e as Uint8Array))
      .find((e) => pbText(e, 1) === 's:server_message_create_time');
    expect(Number(pbText(ext ?? (new Map() as PbFields), 2))).toBe(at + 4000); // ms
    const second = await history(pbInt(first, 2));
    expect(texts(second)).toEqual(['消息1', '消息0']);
    expect(pbInt(second, 3)).toBe(0n);
  });

  it('send (100): conv_id, short_id, ticket, content {"text","aweType":700}, msg_type 7 and a client_message_id; "OK"; one message per client id', async () => {
    const { name, client } = await account();
    const fed = await stage.control.feed({
      platform: 'douyin',
      account: name,
      source: 'message',
      text: '加个微信',
      author: '小赵',
    });
    const env = pbDecode(
      await im(
        client,
        '/v1/message/get_message_by_init',
        imRequest(2043, [
          [1, 1],
          [2, 1],
        ]),
      ),
    );
    const core = pbMessage(pbDecode((pbMessage(pbMessage(env, 6), 2043).get(1) ?? [])[0] as Uint8Array), 1);
    const send = (ticket: string, clientId: string) =>
      im(
        client,
        '/v1/message/send',
        imRequest(100, [
          [1, pbText(core, 1)],
          [2, 1],
          [3, pbInt(core, 2)],
          [4, JSON.stringify({ mention_users: [], aweType: 700, richTextInfos: [], text: '您好，已私信' })],
          [6, 7],
          [7, ticket],
          [8, clientId],
        ]),
      ).then(pbDecode);
    expect(pbText(await send('wrong', 'c-1'), 4)).not.toBe('OK');
    const ok = await send(pbText(core, 4), '5b0e9e4c-0000-4000-8000-000000000001');
    expect([pbInt(ok, 1), pbInt(ok, 3), pbText(ok, 4)]).toEqual([100n, 0n, 'OK']);
    await send(pbText(core, 4), '5b0e9e4c-0000-4000-8000-000000000001'); // the same client id again
    const sent = await stage.control.sent('douyin', name);
    expect(sent).toEqual([expect.objectContaining({ kind: 'message', target: fed.author.id, text: '您好，已私信' })]);
  });

  it('a write that goes through and answers 500 is recorded; one refused with 500 is not', async () => {
    const { name, client } = await account();
    const fed = await stage.control.feed({
      platform: 'douyin',
      account: name,
      source: 'comment',
      text: '价格',
      author: '丙',
    });
    const item = (await client.json<{ item_info_list: { item_id: string }[] }>('/aweme/v1/creator/item/list/'))
      .item_info_list[0];
    const token =
      (await client.call('/web/api/media/anchor/search', { method: 'HEAD' })).headers
        .get('x-ware-csrf-token')
        ?.split(',')[1] ?? '';
    const reply = (text: string) =>
      client.call(
        '/aweme/v1/creator/comment/reply/',
        postJson({ comment_Id: fed.id, item_id: item?.item_id, text }, { 'X-Secsdk-Csrf-Token': token }),
      );
    await stage.control.setSwitches('douyin', { inboxWriteFault: 'refused500' });
    expect((await reply('第一次')).status).toBe(500);
    await stage.control.setSwitches('douyin', { inboxWriteFault: 'error500' });
    expect((await reply('第二次')).status).toBe(500);
    expect((await stage.control.sent('douyin', name)).map((s) => s.text)).toEqual(['第二次']);
  });
});
