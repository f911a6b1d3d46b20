import { describe, expect, it } from 'vitest';
import { inboxStage, postForm, type SiteClient, siteClient } from '../inbox/test-support.ts';
import { wbiSignature } from './bilibili/inbox.ts';

// One test per Bilibili item of research/leads.md §7 over HTTP, as bilibili-API-collect documents the
// calls: member's x/web/replies (pn/ps + pager.total), x/v2/reply/add, api.vc's session_svr, svr_sync
// and web_im/send_msg (Wbi), rpid and msg_key beyond 2^53, and the codes −509, 12016, 12051, 21020,
// 21046, 21047, 25003. No publisher code.
const stage = inboxStage();
let serial = 0;

async function account() {
  serial += 1;
  const name = `bili-inbox-${serial}`;
  const client = await siteClient(stage.sandbox.url, 'bilibili', name);
  return { name, client, csrf: client.cookies.get('bili_jct') ?? '', mid: client.cookies.get('DedeUserID') ?? '' };
}

/** Reads a body as text and as JSON (the text keeps the digits a JSON.parse rounds). */
async function both(res: Promise<Response>) {
  const text = await (await res).text();
  return {
    text,
    json: JSON.parse(text) as { code: number; message: string; data: unknown; pager?: unknown },
  };
}

/** Signs a query with the keys nav hands out, as a page does (keys from the image URLs' file names). */
async function signed(client: SiteClient, query: Record<string, string>) {
  const nav = await client.json<{ data: { wbi_img: { img_url: string; sub_url: string } } }>('/x/web-interface/nav');
  const key = (u: string) => u.slice(u.lastIndexOf('/') + 1, u.lastIndexOf('.'));
  const q = new URLSearchParams({ ...query, wts: String(Math.floor(Date.now() / 1000)) });
  q.set('w_rid', wbiSignature(q, { img: key(nav.data.wbi_img.img_url), sub: key(nav.data.wbi_img.sub_url) }));
  return q;
}

describe('bilibili comments (member / api, research/leads.md §5)', () => {
  it('Wbi: the signature of bilibili-API-collect’s worked example', () => {
    const q = new URLSearchParams({ foo: '114', bar: '514', zab: '1919810', wts: '1702204169' });
    expect(wbiSignature(q, { img: '7cd084941338484aae1ad9425b84077c', sub: '4932caff0ff746eab6f01bf08b70ac45' })).toBe(
      '8f6f2b5b3d485fe1886cec6a0be8c5d4',
    );
  });

  it('x/web/replies pages by pn/ps with pager.total; rpid, root and parent are bare numbers beyond 2^53', async () => {
    const { name, client } = await account();
    const at = Date.now() - 60_000;
    let first = '';
    for (let i = 0; i < 5; i += 1) {
      const fed = await stage.control.feed({
        platform: 'bilibili',
        account: name,
        source: 'comment',
        text: `弹幕${i}`,
        author: `up${i}`,
        at: at + i * 1000,
      });
      first ||= fed.id;
    }
    const reply = await stage.control.feed({
      platform: 'bilibili',
      account: name,
      source: 'comment',
      text: '楼中楼',
      parent: first,
    });
    const { text, json } = await both(
      client.call('/x/web/replies?order=ctime&filter=-1&is_hidden=0&type=1&bvid=&pn=1&ps=2'),
    );
    expect(json.code).toBe(0);
    expect(json.pager).toEqual({ current: 1, size: 2, total: 6 });
    const items = json.data as {
      id: number;
      message: string;
      ctime: number;
      oid: number;
      bvid: string;
      replier: string;
    }[];
    expect(items.map((c) => c.message)).toEqual(['楼中楼', '弹幕4']);
    expect(BigInt(reply.id)).toBeGreaterThan(2n ** 53n);
    expect(text).toContain(`"id":${reply.id}`);
    expect(text).toContain(`"parent":${first}`);
    expect(items[1]).toMatchObject({ ctime: Math.floor((at + 4000) / 1000), replier: 'up4', bvid: reply.workId });
    const page3 = await client.json<{ data: { message: string }[] }>('/x/web/replies?order=ctime&type=1&pn=3&ps=2');
    expect(page3.data.map((c) => c.message)).toEqual(['弹幕1', '弹幕0']);
  });

  it('x/v2/reply/add (type, oid, root, parent, message, csrf) answers the new rpid; −111 with a wrong csrf, −101 logged out', async () => {
    const { name, client, csrf } = await account();
    const fed = await stage.control.feed({
      platform: 'bilibili',
      account: name,
      source: 'comment',
      text: '多少钱',
      author: '观众',
    });
    const oid = String(
      (await client.json<{ data: { oid: number }[] }>('/x/web/replies?type=1&pn=1&ps=10')).data[0]?.oid,
    );
    const fields = { type: '1', oid, root: fed.id, parent: fed.id, message: '看简介' };
    expect((await client.json('/x/v2/reply/add', postForm({ ...fields, csrf: 'nope' }))).code).toBe(-111);
    const { text, json } = await both(client.call('/x/v2/reply/add', postForm({ ...fields, csrf })));
    expect(json.code).toBe(0);
    const sent = await stage.control.sent('bilibili', name);
    expect(sent).toEqual([expect.objectContaining({ target: fed.id, text: '看简介' })]);
    expect(text).toContain(`"rpid":${sent[0]?.id}`);
    const out = await siteClient(stage.sandbox.url, 'bilibili', '');
    expect((await out.json('/x/v2/reply/add', postForm({ ...fields, csrf }))).code).toBe(-101);
  });

  it('a reply under a reply names its thread: root the first-level rpid, parent the one answered; another root is refused', async () => {
    const { name, client, csrf, mid } = await account();
    const at = Date.now() - 60_000;
    const feed = (text: string, when: number, more: { parent?: string; author?: string; fromSelf?: boolean } = {}) =>
      stage.control.feed({ platform: 'bilibili', account: name, source: 'comment', text, at: when, ...more });
    const top = await feed('有链接吗', at, { author: '老观众' });
    const own = await feed('在简介', at + 1000, { parent: top.id, fromSelf: true });
    const sub = await feed('多少钱', at + 2000, { parent: own.id, author: '买家' });
    const { text, json } = await both(client.call('/x/web/replies?order=ctime&type=1&pn=1&ps=10'));
    // Every comment is in the creator list by time, sub-replies too, each with its root and parent.
    expect((json.data as { message: string }[]).map((r) => r.message)).toEqual(['多少钱', '在简介', '有链接吗']);
    expect(text).toContain(`"id":${sub.id},`);
    expect(text).toContain(`"root":${top.id},"parent":${own.id}`);
    expect(text).toContain(`"mid":${mid},`); // the account's own reply carries its own mid
    const oid = String((json.data as { oid: number }[])[0]?.oid);
    const add = (root: string) =>
      client.json<{ code: number }>(
        '/x/v2/reply/add',
        postForm({ type: '1', oid, root, parent: sub.id, message: `已私信${root.slice(-3)}`, csrf }),
      );
    expect((await add(own.id)).code).toBe(12022); // the parent's root is not own: our assumption of the code
    expect((await add(top.id)).code).toBe(0);
    const held = (await stage.control.inbox('bilibili', name)).comments.filter((c) => c.parentId === sub.id);
    expect(held).toEqual([expect.objectContaining({ rootId: top.id, fromSelf: true })]);
  });

  it('12016 sensitive words, 12051 a duplicate (请勿刷屏), −509 too frequent', async () => {
    const { name, client, csrf } = await account();
    const fed = await stage.control.feed({
      platform: 'bilibili',
      account: name,
      source: 'comment',
      text: '怎么买',
      author: '观众',
    });
    const oid = String(
      (await client.json<{ data: { oid: number }[] }>('/x/web/replies?type=1&pn=1&ps=10')).data[0]?.oid,
    );
    const add = (message: string) =>
      client.json<{ code: number; message: string }>(
        '/x/v2/reply/add',
        postForm({ type: '1', oid, root: fed.id, parent: fed.id, message, csrf }),
      );
    await stage.control.setSwitches('bilibili', { bilibiliSensitiveWords: ['加微信'] });
    expect((await add('加微信详聊')).code).toBe(12016);
    expect((await add('已私信')).code).toBe(0);
    const again = await add('已私信');
    expect(again.code).toBe(12051);
    expect(again.message).toContain('请勿刷屏');
    await stage.control.setSwitches('bilibili', { inboxRisk: 'rate_limit' });
    expect((await add('第三条')).code).toBe(-509);
  });
});

describe('bilibili private messages (api.vc, research/leads.md §5)', () => {
  it('get_sessions lists talkers with their last message; fetch_session_msgs pages by seqno; msg_key beyond 2^53', async () => {
    const { name, client } = await account();
    const at = Date.now() - 60_000;
    let last = { id: '', author: { id: '' } };
    for (let i = 0; i < 5; i += 1) {
      last = await stage.control.feed({
        platform: 'bilibili',
        account: name,
        source: 'message',
        text: `私信${i}`,
        author: '粉丝',
        at: at + i * 1000,
      });
    }
    const sessions = await client.json<{
      data: { session_list: { talker_id: number; last_msg: { content: string } }[] };
    }>('/session_svr/v1/session_svr/get_sessions?session_type=1&size=20');
    expect(sessions.data.session_list).toHaveLength(1);
    expect(String(sessions.data.session_list[0]?.talker_id)).toBe(last.author.id);
    expect(JSON.parse(sessions.data.session_list[0]?.last_msg.content ?? '{}')).toEqual({ content: '私信4' });
    const page = (q: string) =>
      both(
        client.call(`/svr_sync/v1/svr_sync/fetch_session_msgs?talker_id=${last.author.id}&session_type=1&size=2${q}`),
      );
    const one = await page('');
    const data = one.json.data as {
      messages: { msg_seqno: number; timestamp: number; content: string }[];
      has_more: number;
      min_seqno: number;
      max_seqno: number;
    };
    expect(data.messages.map((m) => m.msg_seqno)).toEqual([5, 4]);
    expect([data.has_more, data.min_seqno, data.max_seqno]).toEqual([1, 4, 5]);
    expect(data.messages[0]?.timestamp).toBe(Math.floor((at + 4000) / 1000));
    expect(one.text).toContain(`"msg_key":${last.id}`);
    expect(BigInt(last.id)).toBeGreaterThan(2n ** 53n);
    const two = await page(`&end_seqno=${data.min_seqno}`);
    expect((two.json.data as typeof data).messages.map((m) => m.msg_seqno)).toEqual([3, 2]);
    const newer = await page('&begin_seqno=4');
    expect((newer.json.data as typeof data).messages.map((m) => m.msg_seqno)).toEqual([5]);
  });

  it('send_msg needs the Wbi signature and csrf; answers msg_key; 支付宝 goes out with a key_hit_infos warning', async () => {
    const { name, client, csrf, mid } = await account();
    const fed = await stage.control.feed({
      platform: 'bilibili',
      account: name,
      source: 'message',
      text: '怎么联系',
      author: '粉丝',
    });
    const form = (content: string) => ({
      'msg[sender_uid]': mid,
      'msg[receiver_type]': '1',
      'msg[receiver_id]': fed.author.id,
      'msg[msg_type]': '1',
      'msg[msg_status]': '0',
      'msg[content]': JSON.stringify({ content }),
      'msg[dev_id]': '3F1E2D4C-0000-4000-8000-000000000001',
      'msg[timestamp]': String(Math.floor(Date.now() / 1000)),
      csrf,
      csrf_token: csrf,
    });
    const unsigned = await client.json<{ code: number }>('/web_im/v1/web_im/send_msg', postForm(form('你好')));
    expect(unsigned.code).not.toBe(0);
    const q = await signed(client, {});
    const { text, json } = await both(client.call(`/web_im/v1/web_im/send_msg?${q}`, postForm(form('你好，看私信'))));
    expect(json.code).toBe(0);
    const sent = await stage.control.sent('bilibili', name);
    expect(text).toContain(`"msg_key":${sent[0]?.id}`);
    const warned = await client.json<{ code: number; data: { key_hit_infos?: { toast: string } } }>(
      `/web_im/v1/web_im/send_msg?${await signed(client, {})}`,
      postForm(form('支付宝付款就行')),
    );
    expect(warned.code).toBe(0);
    expect(warned.data.key_hit_infos?.toast).toBeTruthy();
  });

  it('21047 before the other side answers, 25003 their privacy settings, 21020 too fast, 21046 wait 24 hours', async () => {
    const { name, client, csrf, mid } = await account();
    const stranger = await stage.control.feed({
      platform: 'bilibili',
      account: name,
      source: 'message',
      text: '你好，打扰了',
      author: '陌生人',
      fromSelf: true,
    });
    const send = async (to: string, content: string) =>
      client.json<{ code: number; message: string }>(
        `/web_im/v1/web_im/send_msg?${await signed(client, {})}`,
        postForm({
          'msg[sender_uid]': mid,
          'msg[receiver_type]': '1',
          'msg[receiver_id]': to,
          'msg[msg_type]': '1',
          'msg[content]': JSON.stringify({ content }),
          'msg[dev_id]': 'dev',
          csrf,
          csrf_token: csrf,
        }),
      );
    const capped = await send(stranger.author.id, '还在吗');
    expect(capped.code).toBe(21047);
    expect(capped.message).toContain('最多发送1条');
    const fan = await stage.control.feed({
      platform: 'bilibili',
      account: name,
      source: 'message',
      text: '求资料',
      author: '粉丝',
    });
    await stage.control.setSwitches('bilibili', { bilibiliRecipientPrivacy: true });
    expect((await send(fan.author.id, '发你了')).code).toBe(25003);
    await stage.control.setSwitches('bilibili', { bilibiliRecipientPrivacy: false, inboxRisk: 'rate_limit' });
    expect((await send(fan.author.id, '发你了')).code).toBe(21020);
    await stage.control.setSwitches('bilibili', { inboxRisk: 'blocked' });
    const wait = await send(fan.author.id, '发你了');
    expect([wait.code, wait.message]).toEqual([21046, '请在24小时后再发']);
    expect(await stage.control.sent('bilibili', name)).toEqual([]);
  });

  it('the comment and message pages list them; logged out they go to the passport login', async () => {
    const { name, client } = await account();
    await stage.control.feed({
      platform: 'bilibili',
      account: name,
      source: 'comment',
      text: '一键三连',
      author: '观众',
    });
    await stage.control.feed({
      platform: 'bilibili',
      account: name,
      source: 'message',
      text: '商务合作',
      author: '品牌方',
    });
    expect(await (await client.call('/platform/comment/article')).text()).toContain('一键三连');
    expect(await (await client.call('/')).text()).toContain('商务合作');
    const out = await (await siteClient(stage.sandbox.url, 'bilibili', '')).call('/platform/comment/article');
    expect([out.status, out.headers.get('location')]).toEqual([302, '/bilibili/passport/login']);
  });
});
