import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { inboxStage, type SiteClient, postJson, siteClient } from '../inbox/test-support.ts';

// One test per Xiaohongshu item of research/leads.md §7 over HTTP: edith's comment/page, sub/page and
// comment/post (string cursor + has_more, 24-hex ids, xsec_token), signed by the www page's own
// window._webmsxyw (run here from the page's script), 461 + Verifytype, 300011/300012; pro's send.
const stage = inboxStage();
let serial = 0;

type Signer = (url: string, data?: unknown) => { 'X-s': string; 'X-t': string };

/** The www page's signer, run from the page's own script as a browser would run it. */
async function signerOf(client: SiteClient): Promise<Signer> {
  const html = await (await client.call('/explore')).text();
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const window: { _webmsxyw?: Signer } = {};
  runInNewContext(script, { window });
  if (!window._webmsxyw) {
    throw new Error('no signer on the page');
  }
  return window._webmsxyw;
}

async function account() {
  serial += 1;
  const name = `xhs-inbox-${serial}`;
  const client = await siteClient(stage.sandbox.url, 'xiaohongshu', name);
  const sign = await signerOf(client);
  /** A signed GET of edith as the page makes it. */
  const get = <T>(path: string) => client.json<T>(path, { headers: sign(`/xiaohongshu${path}`) });
  const post = <T>(path: string, data: unknown) =>
    client.json<T>(path, postJson(data, sign(`/xiaohongshu${path}`, data)));
  return { name, client, get, post };
}

interface Page {
  code: number;
  success: boolean;
  data: {
    comments: {
      id: string;
      note_id: string;
      content: string;
      create_time: number;
      user_info: { user_id: string; nickname: string; xsec_token: string };
      show_tags: string[];
      sub_comment_count: string;
      sub_comments: { content: string; target_comment: { id: string } }[];
    }[];
    cursor: string;
    has_more: boolean;
  };
}

describe('xiaohongshu comments (edith, research/leads.md §3)', () => {
  it('the creator note list (note/user/posted) pages by page number, newest first; page −1 after the last', async () => {
    const { name, client } = await account();
    for (let i = 0; i < 12; i += 1) {
      await stage.control.addWork({ platform: 'xiaohongshu', user: name, title: `笔记 ${i}` });
    }
    type Posted = { code: number; data: { notes: { id: string; display_title: string }[]; page: number } };
    const first = await client.json<Posted>('/api/galaxy/v2/creator/note/user/posted?tab=0&page=0');
    expect(first.code).toBe(0);
    expect(first.data.notes).toHaveLength(10);
    expect(first.data.notes[0]?.display_title).toBe('笔记 11');
    expect(first.data.page).toBe(1);
    const second = await client.json<Posted>(`/api/galaxy/v2/creator/note/user/posted?tab=0&page=${first.data.page}`);
    expect(second.data.notes.map((n) => n.display_title)).toEqual(['笔记 1', '笔记 0']);
    expect(second.data.page).toBe(-1);
  });

  it('comment/page: 24-hex ids, create_time in ms, user_info with xsec_token, a string cursor and has_more', async () => {
    const { name, get } = await account();
    const work = await stage.control.addWork({ platform: 'xiaohongshu', user: name, title: '秋冬穿搭' });
    const at = Date.now() - 60_000;
    for (let i = 0; i < 12; i += 1) {
      await stage.control.feed({
        platform: 'xiaohongshu',
        account: name,
        source: 'comment',
        text: `求链接${i}`,
        author: `薯${i}`,
        post: work.id,
        at: at + i,
      });
    }
    const q = (cursor: string) =>
      `/api/sns/web/v2/comment/page?note_id=${work.id}&cursor=${cursor}&top_comment_id=&image_formats=jpg,webp,avif&xsec_token=`;
    const first = await get<Page>(q(''));
    expect(first.code).toBe(0);
    expect(first.data.comments).toHaveLength(10);
    const c = first.data.comments[0];
    expect(c?.id).toMatch(/^[0-9a-f]{24}$/);
    expect(c?.note_id).toBe(work.id);
    expect(c?.create_time).toBe(at + 11);
    expect(c?.user_info).toMatchObject({
      nickname: '薯11',
      user_id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
    });
    expect(c?.user_info.xsec_token).not.toBe('');
    expect(typeof first.data.cursor).toBe('string');
    expect(first.data.has_more).toBe(true);
    const second = await get<Page>(q(first.data.cursor));
    expect(second.data.comments.map((x) => x.content)).toEqual(['求链接1', '求链接0']);
    expect(second.data.has_more).toBe(false);
  });

  it('sub-comments come with their comment (sub_comments, sub_comment_count) and from sub/page', async () => {
    const { name, get } = await account();
    const root = await stage.control.feed({
      platform: 'xiaohongshu',
      account: name,
      source: 'comment',
      text: '多少钱',
      author: '小薯',
    });
    await stage.control.feed({
      platform: 'xiaohongshu',
      account: name,
      source: 'comment',
      text: '同求',
      parent: root.id,
    });
    await stage.control.feed({
      platform: 'xiaohongshu',
      account: name,
      source: 'comment',
      text: '+1',
      parent: root.id,
    });
    const page = await get<Page>(`/api/sns/web/v2/comment/page?note_id=${root.workId}&cursor=`);
    const c = page.data.comments[0];
    expect(c?.sub_comment_count).toBe('2');
    expect(c?.sub_comments.map((s) => [s.content, s.target_comment.id])).toEqual([['同求', root.id]]);
    const subs = await get<Page>(
      `/api/sns/web/v2/comment/sub/page?note_id=${root.workId}&root_comment_id=${root.id}&num=10&cursor=`,
    );
    expect(subs.data.comments.map((s) => s.content)).toEqual(['同求', '+1']);
  });

  it('comment/post {note_id, content, target_comment_id, at_users} → data.comment.id and 评论已发布; is_author on read', async () => {
    const { name, get, post } = await account();
    const root = await stage.control.feed({
      platform: 'xiaohongshu',
      account: name,
      source: 'comment',
      text: '怎么买',
      author: '小薯',
    });
    const answer = await post<{ code: number; data: { comment: { id: string }; toast: string } }>(
      '/api/sns/web/v1/comment/post',
      {
        note_id: root.workId,
        content: '看主页哦',
        target_comment_id: root.id,
        at_users: [],
      },
    );
    expect(answer.code).toBe(0);
    expect(answer.data.toast).toBe('评论已发布');
    expect(answer.data.comment.id).toMatch(/^[0-9a-f]{24}$/);
    const subs = await get<Page>(
      `/api/sns/web/v2/comment/sub/page?note_id=${root.workId}&root_comment_id=${root.id}&num=10&cursor=`,
    );
    expect(subs.data.comments[0]?.show_tags).toContain('is_author');
    expect(await stage.control.sent('xiaohongshu', name)).toEqual([
      expect.objectContaining({ target: root.id, text: '看主页哦' }),
    ]);
  });

  it('an unsigned call answers 300011; risk control answers 461 with Verifytype and Verifyuuid, 429, or 300012', async () => {
    const { name, client, get } = await account();
    const work = await stage.control.addWork({ platform: 'xiaohongshu', user: name, title: '笔记' });
    const path = `/api/sns/web/v2/comment/page?note_id=${work.id}&cursor=`;
    expect(await client.json(path)).toMatchObject({ code: 300011, success: false });
    await stage.control.setSwitches('xiaohongshu', { inboxRisk: 'verify' });
    const sign = await signerOf(client);
    const captcha = await client.call(path, { headers: sign(`/xiaohongshu${path}`) });
    expect(captcha.status).toBe(461);
    expect(captcha.headers.get('verifytype')).toBeTruthy();
    expect(captcha.headers.get('verifyuuid')).toBeTruthy();
    await stage.control.setSwitches('xiaohongshu', { inboxRisk: 'rate_limit' });
    expect((await client.call(path, { headers: sign(`/xiaohongshu${path}`) })).status).toBe(429);
    await stage.control.setSwitches('xiaohongshu', { inboxRisk: 'blocked' });
    expect(await get(path)).toMatchObject({ code: 300012 });
  });

  it('logged out: edith answers success false and pro’s workbench goes to the login', async () => {
    const out = await siteClient(stage.sandbox.url, 'xiaohongshu', '');
    const sign = await signerOf(out);
    const path = '/api/sns/web/v2/comment/page?note_id=x&cursor=';
    expect(await out.json(path, { headers: sign(`/xiaohongshu${path}`) })).toMatchObject({ success: false });
    const page = await out.call('/im/multiCustomerService');
    expect([page.status, page.headers.get('location')]).toEqual([302, '/xiaohongshu/login']);
  });
});

describe('xiaohongshu 专业号 private messages (pro.xiaohongshu.com, research/leads.md §3)', () => {
  it('the workbench lists contacts with [未回复]; send {receiver_id, content_type:"TEXT", content}; three a day to one person', async () => {
    const { name, client } = await account();
    const fed = await stage.control.feed({
      platform: 'xiaohongshu',
      account: name,
      source: 'message',
      text: '在吗',
      author: '小红',
    });
    expect(await (await client.call('/im/multiCustomerService')).text()).toContain('#jarvis-reply-textarea');
    const contacts = await client.json<{ data: { contacts: { user_id: string; unreplied: boolean }[] } }>(
      '/api/eros/pm/chat/contact/list?cursor=&num=20',
    );
    expect(contacts.data.contacts).toEqual([expect.objectContaining({ user_id: fed.author.id, unreplied: true })]);
    const send = (content: string) =>
      client.json<{ code: number; msg: string; data: { message_id: string } }>(
        '/api/eros/pm/chat/message/send',
        postJson({ receiver_id: fed.author.id, content_type: 'TEXT', content }),
      );
    expect((await send('您好')).code).toBe(0);
    expect((await send('价格见图')).code).toBe(0);
    expect((await send('有问题随时问')).code).toBe(0);
    const fourth = await send('还在吗');
    expect(fourth.code).not.toBe(0);
    expect(fourth.msg).toContain('一天只能发三');
    expect((await stage.control.sent('xiaohongshu', name)).map((s) => s.text)).toEqual([
      '您好',
      '价格见图',
      '有问题随时问',
    ]);
    const messages = await client.json<{ data: { messages: { content: string; sender_id: string }[] } }>(
      `/api/eros/pm/chat/message/list?user_id=${fed.author.id}&cursor=&num=20`,
    );
    expect(messages.data.messages.map((m) => m.content)).toEqual(['有问题随时问', '价格见图', '您好', '在吗']);
  });
});
