import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxStage, postForm, postJson, siteClient } from '../inbox/test-support.ts';
import { launch } from './douyin/test-support.ts';

// One test per WeChat Channels item of research/leads.md §7: post_list's exportId ≠ objectId,
// comment_list's lastBuff + downContinueFlag, create_comment on the exportId with a clientId, the
// private-msg calls (cookie + isContinue, svrMsgId, sessionId), baseResp.errcode, 300333; the two pages
// (their lists in an iframe) in Chromium. No publisher code.
const stage = inboxStage();
let browser: Browser;
let serial = 0;
const CGI = '/cgi-bin/mmfinderassistant-bin';
/** The fields every body carries (research §4). */
const COMMON = {
  timestamp: String(Date.now()),
  _log_finder_id: '',
  _log_finder_uin: '',
  rawKeyBuff: '',
  pluginSessionId: '',
  scene: 7,
  reqScene: 7,
};

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function account() {
  serial += 1;
  const name = `ch-inbox-${serial}`;
  return { name, client: await siteClient(stage.sandbox.url, 'channels', name) };
}

interface Answer<T = Record<string, unknown>> {
  errCode: number;
  errMsg: string;
  data: T;
}

interface CommentPage {
  comment: {
    commentId: string;
    commentContent: string;
    commentCreatetime: string;
    levelTwoComment: { commentContent: string }[];
  }[];
  lastBuff: string;
  downContinueFlag: number;
}

describe('channels comments (视频号助手, research/leads.md §4)', () => {
  it('post_list gives each post an objectId and a different exportId', async () => {
    const { name, client } = await account();
    await stage.control.addWork({ platform: 'channels', user: name, title: '新品上市' });
    const list = await client.json<Answer<{ list: { objectId: string; exportId: string }[] }>>(
      `${CGI}/post/post_list`,
      postJson({ ...COMMON, pageSize: 20, currentPage: 1 }),
    );
    const post = list.data.list[0];
    expect(post?.objectId).toMatch(/^\d+$/);
    expect(post?.exportId).toBeTruthy();
    expect(post?.exportId).not.toBe(post?.objectId);
  });

  it('post_list pages by currentPage and pageSize, newest first, with totalCount and each post’s commentCount', async () => {
    const { name, client } = await account();
    const works: { id: string }[] = [];
    for (let i = 0; i < 12; i += 1) {
      works.push(await stage.control.addWork({ platform: 'channels', user: name, title: `视频 ${i}` }));
    }
    const at = Date.now() - 60_000;
    const feed = (text: string, more: { parent?: string } = {}) =>
      stage.control.feed({
        platform: 'channels',
        account: name,
        source: 'comment',
        text,
        post: works[1]?.id,
        at,
        ...more,
      });
    const top = await feed('多少钱');
    await feed('私信你', { parent: top.id });
    type Listed = Answer<{ list: { objectId: string; commentCount: number }[]; totalCount: number }>;
    const page = (currentPage: number) =>
      client.json<Listed>(
        `${CGI}/post/post_list`,
        postJson({ ...COMMON, pageSize: 10, currentPage, userpageType: 11, needAllCommentCount: true }),
      );
    const first = await page(1);
    expect(first.data.totalCount).toBe(12);
    expect(first.data.list).toHaveLength(10);
    expect(first.data.list[0]?.objectId).toBe(works[11]?.id);
    const second = await page(2);
    expect(second.data.list.map((p) => p.objectId)).toEqual([works[1]?.id, works[0]?.id]);
    // Comments and replies both count.
    expect(second.data.list.map((p) => p.commentCount)).toEqual([2, 0]);
    expect((await page(3)).data.list).toEqual([]);
  });

  it('comment_list pages by lastBuff and downContinueFlag, level-two comments inside their comment', async () => {
    const { name, client } = await account();
    const work = await stage.control.addWork({ platform: 'channels', user: name, title: '作品' });
    const at = Date.now() - 60_000;
    let first = '';
    for (let i = 0; i < 12; i += 1) {
      const fed = await stage.control.feed({
        platform: 'channels',
        account: name,
        source: 'comment',
        text: `评论${i}`,
        post: work.id,
        at: at + i * 1000,
      });
      first ||= fed.id;
    }
    await stage.control.feed({ platform: 'channels', account: name, source: 'comment', text: '回复', parent: first });
    const exportId = (
      await client.json<Answer<{ list: { exportId: string }[] }>>(`${CGI}/post/post_list`, postJson(COMMON))
    ).data.list[0]?.exportId;
    const page = (lastBuff: string) =>
      client.json<Answer<CommentPage>>(
        `${CGI}/comment/comment_list`,
        postForm({
          ...COMMON,
          scene: '7',
          reqScene: '7',
          exportId: exportId ?? '',
          lastBuff,
          commentSelection: 'false',
          forMcn: 'false',
        }),
      );
    const one = await page('');
    expect(one.errCode).toBe(0);
    expect(one.data.comment).toHaveLength(10);
    expect(one.data.comment[0]).toMatchObject({
      commentContent: '评论11',
      commentCreatetime: String(Math.floor((at + 11_000) / 1000)),
    });
    expect(one.data.downContinueFlag).toBe(1);
    const two = await page(one.data.lastBuff);
    expect(two.data.comment.map((c) => c.commentContent)).toEqual(['评论1', '评论0']);
    expect(two.data.comment[1]?.levelTwoComment.map((c) => c.commentContent)).toEqual(['回复']);
    expect(two.data.downContinueFlag).toBe(0);
  });

  it('create_comment {clientId, content, exportId, replyCommentId, rootCommentId, comment} answers baseResp.errcode 0; one comment per clientId', async () => {
    const { name, client } = await account();
    const fed = await stage.control.feed({
      platform: 'channels',
      account: name,
      source: 'comment',
      text: '怎么联系',
      author: '微信用户',
    });
    const exportId = (
      await client.json<Answer<{ list: { exportId: string }[] }>>(`${CGI}/post/post_list`, postJson(COMMON))
    ).data.list[0]?.exportId;
    const body = {
      ...COMMON,
      clientId: '0b9c2a44-1d55-4c1b-9a8e-2f0f8d1a7e61',
      content: '已回复您',
      exportId,
      replyCommentId: fed.id,
      rootCommentId: fed.id,
      comment: { commentId: fed.id },
    };
    const answer = await client.json<Answer<{ baseResp: { errcode: number } }>>(
      `${CGI}/comment/create_comment`,
      postJson(body),
    );
    expect(answer).toMatchObject({ errCode: 0, data: { baseResp: { errcode: 0 } } });
    await client.json(`${CGI}/comment/create_comment`, postJson(body)); // the same clientId again
    expect((await stage.control.sent('channels', name)).map((s) => [s.target, s.text])).toEqual([[fed.id, '已回复您']]);
    const byObject = await client.json<Answer>(
      `${CGI}/comment/create_comment`,
      postJson({ ...body, clientId: 'other', exportId: fed.workId }),
    );
    expect(byObject.errCode).not.toBe(0); // the objectId is not a reply target
  });

  it('an expired login answers errCode 300333; risk control a non-zero errCode', async () => {
    const out = await siteClient(stage.sandbox.url, 'channels', '');
    expect(await out.json(`${CGI}/comment/comment_list`, postJson(COMMON))).toMatchObject({ errCode: 300333 });
    const { client } = await account();
    await stage.control.setSwitches('channels', { inboxRisk: 'rate_limit' });
    const limited = await client.json<Answer>(`${CGI}/private-msg/get-login-cookie`, postForm({}));
    expect(limited.errCode).not.toBe(0);
    expect(limited.errMsg).toContain('频繁');
  });
});

describe('channels private messages (private-msg/*, research/leads.md §4)', () => {
  it('get-history-msg pages by cookie and isContinue; get-login-cookie then get-new-msg give what came since', async () => {
    const { name, client } = await account();
    for (let i = 0; i < 22; i += 1) {
      await stage.control.feed({
        platform: 'channels',
        account: name,
        source: 'message',
        text: `旧消息${i}`,
        author: '老客户',
      });
    }
    const history = (cookie: string) =>
      client.json<
        Answer<{
          msg: {
            textMsg: { content: string };
            svrMsgId: string;
            sessionId: string;
            fromUsername: string;
            msgType: number;
          }[];
          cookie: string;
          isContinue: number;
        }>
      >(`${CGI}/private-msg/get-history-msg`, postForm({ cookie }));
    const one = await history('');
    expect(one.data.msg).toHaveLength(20);
    expect(one.data.isContinue).toBe(1);
    const m = one.data.msg[0];
    expect(m).toMatchObject({ msgType: 1, textMsg: { content: '旧消息21' } });
    expect(m?.svrMsgId).toMatch(/^\d+$/);
    expect(m?.sessionId).toBeTruthy();
    const two = await history(one.data.cookie);
    expect(two.data.msg.map((x) => x.textMsg.content)).toEqual(['旧消息1', '旧消息0']);
    expect(two.data.isContinue).toBe(0);
    const login = await client.json<Answer<{ baseResp: { errcode: number }; cookie: string }>>(
      `${CGI}/private-msg/get-login-cookie`,
      postForm({}),
    );
    expect(login.data.baseResp.errcode).toBe(0);
    await stage.control.feed({
      platform: 'channels',
      account: name,
      source: 'message',
      text: '新消息',
      author: '新客户',
    });
    const fresh = await client.json<Answer<{ msg: { textMsg: { content: string } }[]; cookie: string }>>(
      `${CGI}/private-msg/get-new-msg`,
      postForm({ cookie: login.data.cookie }),
    );
    expect(fresh.data.msg.map((x) => x.textMsg.content)).toEqual(['新消息']);
    const none = await client.json<Answer<{ msg: unknown[] }>>(
      `${CGI}/private-msg/get-new-msg`,
      postForm({ cookie: fresh.data.cookie }),
    );
    expect(none.data.msg).toEqual([]);
    const sessions = await client.json<Answer<{ sessionInfo: { nickname: string }[] }>>(
      `${CGI}/private-msg/get-session-info`,
      postJson({}),
    );
    expect(sessions.data.sessionInfo.map((s) => s.nickname).sort()).toEqual(['新客户', '老客户']);
  });

  it('send-private-msg answers baseResp.errcode 0 with svrMsgId; one message per clientMsgId', async () => {
    const { name, client } = await account();
    const fed = await stage.control.feed({
      platform: 'channels',
      account: name,
      source: 'message',
      text: '多少钱',
      author: '顾客',
    });
    const history = await client.json<
      Answer<{ msg: { sessionId: string; fromUsername: string; toUsername: string }[] }>
    >(`${CGI}/private-msg/get-history-msg`, postForm({ cookie: '' }));
    const got = history.data.msg[0];
    const body = {
      sessionId: got?.sessionId,
      fromUsername: got?.toUsername,
      toUsername: fed.author.id,
      msgType: 1,
      textMsg: { content: '您好，价格私聊' },
      clientMsgId: 'c-1',
    };
    const sent = await client.json<Answer<{ baseResp: { errcode: number }; svrMsgId: string }>>(
      `${CGI}/private-msg/send-private-msg`,
      postJson(body),
    );
    expect(sent.data.baseResp.errcode).toBe(0);
    expect(sent.data.svrMsgId).toMatch(/^\d+$/);
    await client.json(`${CGI}/private-msg/send-private-msg`, postJson(body));
    expect((await stage.control.sent('channels', name)).map((s) => s.text)).toEqual(['您好，价格私聊']);
  });

  it('both pages draw their lists in an iframe; logged out they go to login.html late', async () => {
    const { name } = await account();
    await stage.control.feed({ platform: 'channels', account: name, source: 'comment', text: '求购', author: '甲' });
    await stage.control.feed({
      platform: 'channels',
      account: name,
      source: 'message',
      text: '私聊一下',
      author: '乙',
    });
    const context = await browser.newContext({ locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      await page.goto(`${stage.sandbox.url}/channels/platform/interaction/comment`);
      await page.waitForURL(/login\.html/);
      await context.request.post(`${stage.sandbox.url}/channels/__sandbox/login`, { data: { account: name } });
      await page.goto(`${stage.sandbox.url}/channels/platform/interaction/comment`);
      await page.frameLocator('iframe.micro-app-frame').locator('.comment-item', { hasText: '求购' }).waitFor();
      await page.goto(`${stage.sandbox.url}/channels/platform/private_msg`);
      const frame = page.frameLocator('iframe.micro-app-frame');
      await frame.locator('.tab', { hasText: '打招呼消息' }).waitFor();
      await frame.locator('.session-item', { hasText: '私聊一下' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
