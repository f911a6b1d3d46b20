import type { ChatMessage, PrivateListItem, ThreadResult } from '@vidmatrix/contract/api/customer';
import type { HarvestIngestItem } from '@vidmatrix/contract/api/harvest';
import { HarvestWorkApi } from '@vidmatrix/contract/api/harvest-work';
import {
  ReplyRuleApi,
  type AiLeadOverview,
  type ReplyRule,
  type ReplyRuleSaveBody,
  type ReplySettings,
} from '@vidmatrix/contract/api/reply-rule';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { REPLY_PATTERN_MAX_LENGTH } from '@vidmatrix/contract/rules/reply-pattern';
import {
  MESSAGES_BEFORE_ANSWER_MAX,
  REPLY_HOURLY_CAP_MAX,
  REPLY_KEYWORD_MAX_LENGTH,
} from '@vidmatrix/contract/rules/reply-rules';
import { startLlmImitation, type LlmImitation } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiReplyDrafter } from '../src/modules/customer/reply-drafter.ts';
import { harvestItems, ingestAs, ingestPage } from './harvest-helpers.ts';
import { addMember, createTestApp, login, type TestContext } from './helpers.ts';
import { createRunner, memberCall, type Answer } from './publish-helpers.ts';
import { addEnterpriseAccount } from './realtime-helpers.ts';

let ctx: TestContext;
let llm: LlmImitation;

/** A member of its own (rules and settings are per member), with a runner. */
interface Seller {
  token: string;
  runner: string;
}

let memberSeq = 0;
async function seller(): Promise<Seller> {
  memberSeq += 1;
  const account = `reply_m${memberSeq}`;
  await addMember(ctx, account);
  const token = (await login(ctx.app, account, 'secret-123')).ApiToken;
  return { token, runner: (await createRunner(ctx.app, token, 'harvest')).token };
}

beforeAll(async () => {
  llm = await startLlmImitation();
  ctx = await createTestApp(
    { jobs: 'off' },
    {
      leadModel: null,
      replyDrafter: new OpenAiReplyDrafter({ baseUrl: llm.baseUrl, apiKey: '', model: 'imitation', timeoutMs: 5_000 }),
    },
  );
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await llm?.close();
});

const nowS = () => Math.floor(Date.now() / 1000);
const item = harvestItems((n) => ({
  item_id: `@r-${n}`,
  post_id: '7300000000000000009',
  author_id: `buyer-${n}`,
  author_name: `买家${n}`,
  link: 'https://www.douyin.com/video/7300000000000000009',
}));

let pages = 0;
async function ingest(s: Seller, account: number, items: HarvestIngestItem[]) {
  pages += 1;
  const res = await ingestAs(ctx.app, s.runner, ingestPage(account, items, `c-${pages}`));
  expect(res.body).toMatchObject({ code: 200 });
}

async function saveRule(s: Seller, body: ReplyRuleSaveBody): Promise<Answer<ReplyRule>> {
  return memberCall<ReplyRule>(ctx.app, s.token, ReplyRuleApi.save, body);
}

async function threadOf(s: Seller, customerId: string): Promise<ThreadResult> {
  const list = (
    await memberCall<{ list: PrivateListItem[] }>(ctx.app, s.token, '/api/customer.DouyinCustomer/privateList')
  ).data.list;
  const found = list.find((c) => c.customer_id === customerId);
  if (!found) {
    throw new Error(`no conversation with ${customerId}`);
  }
  return (
    await memberCall<ThreadResult>(ctx.app, s.token, '/api/customer.DouyinCustomer/thread', {
      conversation_id: found.conversation_id,
    })
  ).data;
}

const repliesIn = (t: ThreadResult): ChatMessage[] => t.list.filter((m) => m.direction === 'out');

describe('keyword rules', () => {
  it('answer a new comment once, automatically, as a pending reply; a re-read adds nothing', async () => {
    const s = await seller();
    const account = await addEnterpriseAccount(ctx.app, s.token, '门店抖音号', 1);
    const rule = await saveRule(s, {
      kind: 'keyword',
      keywords: ['多少钱'],
      reply: '您好，价格看主页置顶哦',
      mode: 'auto',
    });
    expect(rule).toMatchObject({ code: 200, data: { kind: 'keyword', match: 'contains', keywords: ['多少钱'] } });

    const asked = item({ author_id: 'kw-1', text: '这个多 少 钱？' });
    await ingest(s, account, [asked, item({ author_id: 'kw-2', text: '好看' })]);
    await ingest(s, account, [asked]);

    expect(repliesIn(await threadOf(s, 'kw-1'))).toEqual([
      expect.objectContaining({
        content: '您好，价格看主页置顶哦',
        delivery_status: 'pending',
        approval: '',
        source: 'comment',
      }),
    ]);
    expect(repliesIn(await threadOf(s, 'kw-2'))).toEqual([]);
  });

  it('leave a comment the account already answered on the platform alone; a new sub-reply in its thread is answered', async () => {
    const s = await seller();
    const account = await addEnterpriseAccount(ctx.app, s.token, '门店抖音号', 1);
    await saveRule(s, { kind: 'keyword', keywords: ['多少钱'], reply: '您好，价格看主页置顶哦', mode: 'auto' });
    // The account answered from its phone: the thread walk reads the comment and its own reply together.
    const asked = item({ author_id: 'ans-1', text: '多少钱' });
    const own = item({
      author_id: 'self',
      from_self: true,
      parent_id: asked.item_id,
      root_id: asked.item_id,
      text: '已私信您',
    });
    await ingest(s, account, [asked, own]);
    expect(repliesIn(await threadOf(s, 'ans-1')).map((m) => m.content)).toEqual(['已私信您']);
    // Someone else asks under the account's reply, in the same old thread: a new question, answered.
    const sub = item({ author_id: 'ans-2', parent_id: own.item_id, root_id: asked.item_id, text: '多少钱呀' });
    await ingest(s, account, [sub]);
    expect(repliesIn(await threadOf(s, 'ans-2')).map((m) => [m.content, m.delivery_status])).toEqual([
      ['您好，价格看主页置顶哦', 'pending'],
    ]);
  });

  it('match exactly when asked to (trailing punctuation aside), and a disabled rule never fires', async () => {
    const s = await seller();
    const account = await addEnterpriseAccount(ctx.app, s.token, '门店快手号', 4);
    await saveRule(s, { kind: 'keyword', match: 'exact', keywords: ['在吗'], reply: '在的，请讲', mode: 'auto' });
    await saveRule(s, { kind: 'keyword', keywords: ['链接'], reply: '链接在橱窗', mode: 'auto', enabled: false });
    await ingest(s, account, [
      item({ author_id: 'ex-1', text: '在吗？' }),
      item({ author_id: 'ex-2', text: '在吗 我想问问' }),
      item({ author_id: 'ex-3', text: '求链接' }),
    ]);
    expect(repliesIn(await threadOf(s, 'ex-1')).map((m) => m.content)).toEqual(['在的，请讲']);
    expect(repliesIn(await threadOf(s, 'ex-2'))).toEqual([]);
    expect(repliesIn(await threadOf(s, 'ex-3'))).toEqual([]);
  });

  // The service as built for production: regex keywords run with no time bound (contract/rules/reply-pattern.ts
  // bounds what may be saved instead), so no load can turn these matches into none.
  it('match a regular expression on the folded text, a pattern longer than any keyword included', async () => {
    const s = await seller();
    const account = await addEnterpriseAccount(ctx.app, s.token, '正则号', 1);
    const pattern = '^(请问一下)?(这个|那个|这款)?(多少|几)钱[?？]*$';
    expect(pattern.length).toBeGreaterThan(REPLY_KEYWORD_MAX_LENGTH);
    expect((await saveRule(s, { ...regexRule([pattern]), reply: '价格看主页' })).data).toMatchObject({
      match: 'regex',
      keywords: [pattern],
    });
    await ingest(s, account, [
      item({ author_id: 're-1', text: '请问一下 这个 多少钱？' }),
      item({ author_id: 're-2', text: '几钱' }),
      item({ author_id: 're-3', text: '这个多少钱，包邮吗' }),
    ]);
    expect(repliesIn(await threadOf(s, 're-1')).map((m) => m.content)).toEqual(['价格看主页']);
    expect(repliesIn(await threadOf(s, 're-2')).map((m) => m.content)).toEqual(['价格看主页']);
    expect(repliesIn(await threadOf(s, 're-3'))).toEqual([]);
  });

  it('show a rule whose pattern was saved before the current checks as not working, and never run it', async () => {
    const s = await seller();
    const account = await addEnterpriseAccount(ctx.app, s.token, '旧规则号', 1);
    const saved = (await saveRule(s, { ...regexRule(['价格']), reply: '价格看主页' })).data;
    // As saved under older checks: a pattern whose backtracking the count refuses now.
    const legacy = '.*.*.*钱';
    await ctx.db
      .updateTable('reply_rule')
      .set({ keywords: JSON.stringify([legacy]) })
      .where('id', '=', saved.rule_id)
      .execute();
    const list = (await memberCall<{ list: ReplyRule[] }>(ctx.app, s.token, ReplyRuleApi.list)).data.list;
    expect(list.find((r) => r.rule_id === saved.rule_id)).toMatchObject({
      enabled: true,
      keywords: [legacy],
      problem: fillMsg(Msg.replyRulePatternDisabled, { pattern: legacy }),
    });
    await ingest(s, account, [item({ author_id: 'legacy-1', text: '这个多少钱' })]);
    expect(repliesIn(await threadOf(s, 'legacy-1'))).toEqual([]);
    // Saved again with a pattern that passes, it works and says nothing.
    await saveRule(s, { ...regexRule(['多少钱']), rule_id: saved.rule_id, reply: '价格看主页' });
    const again = (await memberCall<{ list: ReplyRule[] }>(ctx.app, s.token, ReplyRuleApi.list)).data.list;
    expect(again.find((r) => r.rule_id === saved.rule_id)?.problem).toBe('');
  });

  it('leave items older than a day alone (a first read of the backlog answers nothing)', async () => {
    const s = await seller();
    const account = await addEnterpriseAccount(ctx.app, s.token, '老账号', 1);
    await saveRule(s, { kind: 'keyword', keywords: ['多少钱'], reply: '价格看主页', mode: 'auto' });
    await ingest(s, account, [item({ author_id: 'old-1', text: '多少钱', created_at: nowS() - 2 * 86_400 })]);
    expect(repliesIn(await threadOf(s, 'old-1'))).toEqual([]);
  });
});

describe('limits on automatic replies', () => {
  it('over the hourly cap of the account, a reply waits for approval and says why', async () => {
    const s = await seller();
    const account = await addEnterpriseAccount(ctx.app, s.token, '限流号', 1);
    const saved = await memberCall<ReplySettings>(ctx.app, s.token, ReplyRuleApi.saveSettings, { hourly_cap: 1 });
    expect(saved.data.hourly_cap).toBe(1);
    await saveRule(s, { kind: 'keyword', keywords: ['怎么买'], reply: '点橱窗就能买', mode: 'auto' });
    await ingest(s, account, [
      item({ author_id: 'cap-1', text: '怎么买' }),
      item({ author_id: 'cap-2', text: '怎么买呀' }),
    ]);
    expect(repliesIn(await threadOf(s, 'cap-1'))).toEqual([expect.objectContaining({ delivery_status: 'pending' })]);
    expect(repliesIn(await threadOf(s, 'cap-2'))).toEqual([
      expect.objectContaining({
        delivery_status: '',
        approval: 'waiting',
        hold_reason: fillMsg(Msg.replyHoldHourlyCap, { cap: 1 }),
      }),
    ]);
  });

  it('in a private chat, one message before the customer answers; after they answer, one more', async () => {
    const s = await seller();
    const account = await addEnterpriseAccount(ctx.app, s.token, '私信号', 1);
    await saveRule(s, { kind: 'keyword', keywords: ['价格'], reply: '价格表发您了', mode: 'auto' });
    await ingest(s, account, [
      item({ source: 'message', author_id: 'dm-1', text: '价格多少' }),
      item({ source: 'message', author_id: 'dm-1', text: '价格能优惠吗' }),
    ]);
    let replies = repliesIn(await threadOf(s, 'dm-1'));
    expect(replies.map((m) => [m.delivery_status, m.approval, m.hold_reason])).toEqual([
      ['pending', '', ''],
      ['', 'waiting', fillMsg(Msg.replyHoldBeforeAnswer, { max: MESSAGES_BEFORE_ANSWER_MAX })],
    ]);
    // The customer writes again after the reply: the account may answer once more.
    await ingest(s, account, [
      item({ source: 'message', author_id: 'dm-1', text: '价格还能再低吗', created_at: nowS() + 5 }),
    ]);
    replies = repliesIn(await threadOf(s, 'dm-1'));
    expect(replies.filter((m) => m.delivery_status === 'pending')).toHaveLength(2);
  });

  it('a reply with a sensitive word or a contact waits, naming the word', async () => {
    const s = await seller();
    const account = await addEnterpriseAccount(ctx.app, s.token, '敏感词号', 1);
    await saveRule(s, { kind: 'keyword', keywords: ['付款'], reply: '可以支付宝付款', mode: 'auto' });
    await saveRule(s, { kind: 'keyword', keywords: ['联系'], reply: '请打 138 1234 5678', mode: 'auto' });
    await ingest(s, account, [
      item({ author_id: 'sw-1', text: '怎么付款' }),
      item({ author_id: 'sw-2', text: '怎么联系你' }),
    ]);
    expect(repliesIn(await threadOf(s, 'sw-1'))[0]).toMatchObject({
      approval: 'waiting',
      hold_reason: fillMsg(Msg.replyHoldSensitive, { word: '支付宝' }),
    });
    expect(repliesIn(await threadOf(s, 'sw-2'))[0]).toMatchObject({
      approval: 'waiting',
      hold_reason: Msg.replyHoldContact,
    });
  });
});

describe('AI replies and approval', () => {
  it('draft from the member’s own facts, wait for approval, and go out edited once approved', async () => {
    const s = await seller();
    const account = await addEnterpriseAccount(ctx.app, s.token, 'AI号', 1);
    expect(await saveRule(s, { kind: 'ai', mode: 'approve', keywords: [] })).toMatchObject({
      code: 400,
      msg: Msg.replyAiNeedsBusiness,
    });
    await memberCall(ctx.app, s.token, ReplyRuleApi.saveSettings, {
      business: '成都的少儿编程培训机构',
      products: '暑期班 2980 元，12 节课',
    });
    expect((await saveRule(s, { kind: 'ai', mode: 'approve', keywords: [] })).code).toBe(200);

    llm.enqueue({ content: '「您好，暑期班2980元共12节课，欢迎来试听」' });
    const before = llm.requests.length;
    await ingest(s, account, [
      item({ author_id: 'ai-1', text: '暑期班怎么报名，多少钱' }),
      item({ author_id: 'ai-2', text: '好看' }),
    ]);
    expect(llm.requests.length).toBe(before + 1);
    expect(JSON.stringify(llm.requests.at(-1))).toContain('暑期班 2980 元');

    const [draft] = repliesIn(await threadOf(s, 'ai-1'));
    expect(draft).toMatchObject({
      content: '您好，暑期班2980元共12节课，欢迎来试听',
      approval: 'waiting',
      delivery_status: '',
      hold_reason: Msg.replyHoldByRule,
    });
    expect(repliesIn(await threadOf(s, 'ai-2'))).toEqual([]);
    const id = draft?.message_id ?? 0;

    // Another member cannot approve it.
    const other = await seller();
    expect(await memberCall(ctx.app, other.token, ReplyRuleApi.approve, { message_id: id })).toMatchObject({
      code: 400,
      msg: Msg.replyDraftNotFound,
    });

    expect(
      await memberCall(ctx.app, s.token, ReplyRuleApi.approve, {
        message_id: id,
        content: '您好，暑期班2980元，欢迎试听',
      }),
    ).toMatchObject({ code: 200, msg: Msg.replyApproved });
    expect(repliesIn(await threadOf(s, 'ai-1'))).toEqual([
      expect.objectContaining({ content: '您好，暑期班2980元，欢迎试听', delivery_status: 'pending', approval: '' }),
    ]);
    // Approved once: a second click finds nothing to approve or discard.
    expect((await memberCall(ctx.app, s.token, ReplyRuleApi.approve, { message_id: id })).msg).toBe(
      Msg.replyDraftNotFound,
    );
    expect((await memberCall(ctx.app, s.token, ReplyRuleApi.discard, { message_id: id })).msg).toBe(
      Msg.replyDraftNotFound,
    );
  });

  it('discard a waiting draft: it stays in the thread as discarded and never goes out', async () => {
    const s = await seller();
    const account = await addEnterpriseAccount(ctx.app, s.token, '放弃号', 1);
    await saveRule(s, { kind: 'keyword', keywords: ['代理'], reply: '欢迎加盟', mode: 'approve' });
    await ingest(s, account, [item({ author_id: 'dc-1', text: '能做代理吗' })]);
    const [draft] = repliesIn(await threadOf(s, 'dc-1'));
    expect(
      await memberCall(ctx.app, s.token, ReplyRuleApi.discard, { message_id: draft?.message_id ?? 0 }),
    ).toMatchObject({ code: 200, msg: Msg.replyDiscarded });
    expect(repliesIn(await threadOf(s, 'dc-1'))).toEqual([
      expect.objectContaining({ approval: 'discarded', delivery_status: '' }),
    ]);
  });
});

const regexRule = (keywords: string[]): ReplyRuleSaveBody => ({
  kind: 'keyword',
  match: 'regex',
  keywords,
  reply: '你好',
  mode: 'auto',
});

describe('rules and settings: bad input and isolation', () => {
  it('refuse bad rules and settings with a Chinese message naming the field', async () => {
    const s = await seller();
    const cases: [object, string][] = [
      [{ kind: 'keyword', keywords: [], reply: '你好', mode: 'auto' }, Msg.replyRuleKeywordsRequired],
      [{ kind: 'keyword', keywords: ['多少钱'], reply: '  ', mode: 'auto' }, Msg.replyRuleReplyRequired],
      [{ kind: 'robot', keywords: ['多少钱'], reply: '你好', mode: 'auto' }, Msg.replyRuleKindInvalid],
      [
        { kind: 'keyword', match: 'fuzzy', keywords: ['多少钱'], reply: '你好', mode: 'auto' },
        Msg.replyRuleMatchInvalid,
      ],
      [{ kind: 'keyword', keywords: ['多少钱'], reply: '你好', mode: 'later' }, Msg.replyRuleModeInvalid],
      [
        { kind: 'keyword', keywords: ['多'.repeat(REPLY_KEYWORD_MAX_LENGTH + 1)], reply: '你好', mode: 'auto' },
        fillMsg(Msg.replyRuleKeywordTooLong, { max: REPLY_KEYWORD_MAX_LENGTH }),
      ],
      // A regular expression: it must compile, must not backtrack without end, and has a length of its own.
      [regexRule(['(多少|几)钱', '(多少']), fillMsg(Msg.replyRulePatternInvalid, { pattern: '(多少' })],
      [regexRule(['(\\d+\\s?)+$']), fillMsg(Msg.replyRulePatternNested, { pattern: '(\\d+\\s?)+$' })],
      [regexRule(['(a|ab)*c']), fillMsg(Msg.replyRulePatternNested, { pattern: '(a|ab)*c' })],
      [regexRule(['(钱)\\1']), fillMsg(Msg.replyRulePatternBackref, { pattern: '(钱)\\1' })],
      // Polynomial backtracking (cubic in the text's length) passes any shape check: its paths are counted.
      [regexRule(['.*钱.*链接']), fillMsg(Msg.replyRulePatternSlow, { pattern: '.*钱.*链接' })],
      [
        regexRule(['钱'.repeat(REPLY_PATTERN_MAX_LENGTH + 1)]),
        fillMsg(Msg.replyRulePatternTooLong, { max: REPLY_PATTERN_MAX_LENGTH }),
      ],
    ];
    for (const [body, msg] of cases) {
      expect(await memberCall(ctx.app, s.token, ReplyRuleApi.save, body)).toMatchObject({ code: 400, msg });
    }
    expect(await memberCall(ctx.app, s.token, ReplyRuleApi.saveSettings, { hourly_cap: 0 })).toMatchObject({
      code: 400,
      msg: fillMsg(Msg.replyHourlyCapInvalid, { min: 1, max: REPLY_HOURLY_CAP_MAX }),
    });
  });

  it('each member sees and changes only their own rules', async () => {
    const a = await seller();
    const b = await seller();
    const rule = (await saveRule(a, { kind: 'keyword', keywords: ['多少钱'], reply: '看主页', mode: 'auto' })).data;
    expect((await memberCall<{ list: ReplyRule[] }>(ctx.app, b.token, ReplyRuleApi.list)).data.list).toEqual([]);
    expect(
      await saveRule(b, { rule_id: rule.rule_id, kind: 'keyword', keywords: ['x'], reply: 'y', mode: 'auto' }),
    ).toMatchObject({ code: 400, msg: Msg.replyRuleNotFound });
    expect(await memberCall(ctx.app, b.token, ReplyRuleApi.remove, { rule_id: rule.rule_id })).toMatchObject({
      code: 400,
      msg: Msg.replyRuleNotFound,
    });
    const listA = (await memberCall<{ list: ReplyRule[] }>(ctx.app, a.token, ReplyRuleApi.list)).data.list;
    expect(listA).toEqual([expect.objectContaining({ rule_id: rule.rule_id, reply: '看主页' })]);
  });
});

describe('customer.AiLead/overview', () => {
  it('counts each account’s items today, leads and replies, and shows its harvesting switch', async () => {
    const s = await seller();
    const account = await addEnterpriseAccount(ctx.app, s.token, '统计号', 1);
    const other = await addEnterpriseAccount(ctx.app, s.token, '未采集号', 1);
    await memberCall(ctx.app, s.token, HarvestWorkApi.setEnabled, { account_ids: [account], enabled: true });
    await ingest(s, account, [
      item({ author_id: 'ov-1', text: '多少钱 加我薇 1 3 8 1 2 3 4 5 6 7 8' }),
      item({ author_id: 'ov-2' }),
    ]);
    const overview = (await memberCall<AiLeadOverview>(ctx.app, s.token, ReplyRuleApi.overview)).data;
    expect(overview.accounts).toEqual([
      expect.objectContaining({
        enterprise_account_id: account,
        nickname: '统计号',
        harvesting: true,
        items_today: 2,
        leads: 1,
        replies_sent: 0,
        needs_reauth: false,
      }),
      expect.objectContaining({ enterprise_account_id: other, harvesting: false, items_today: 0, leads: 0 }),
    ]);
    expect(overview.accounts[0]?.last_read).not.toBe('');
  });
});
