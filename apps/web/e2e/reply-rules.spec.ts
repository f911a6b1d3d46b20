import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import { HarvestApi, type HarvestIngestItem } from '@vidmatrix/contract/api/harvest';
import { HarvestWorkApi, type HarvestWork } from '@vidmatrix/contract/api/harvest-work';
import { RUNNER_TOKEN_HEADER } from '@vidmatrix/contract/api/publish';
import { ReplyRuleApi } from '@vidmatrix/contract/api/reply-rule';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import type { LoginResult } from '@vidmatrix/contract/api/auth';
import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import { fixtureDir, startLlmImitation, type LlmImitation } from '@vidmatrix/fixtures';
import { sandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox, type Sandbox } from '@vidmatrix/platform-sandbox/server';
import { AccountsPage } from './pages/accounts-page.ts';
import { ChatPage } from './pages/chat-page.ts';
import { ConsolePage } from './pages/console-page.ts';
import { ReplyRulesPage } from './pages/reply-rules-page.ts';
import { queryServerDb } from './support/server-db.ts';
import { alerts, badgeValue, spyOnAlerts } from './support/alerts.ts';
import { expect, test, useToken } from './support/fixtures.ts';
import { beijingDaytimeOffset } from './support/beijing-offset.mjs';
import { signInProfile, startRunnerProcess, stopProcess } from './support/harvest-stage.ts';
import { signInNewMember } from './support/members.ts';
import { OwnServer } from './support/own-server.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shots = join(repoRoot, 'test-results/web-e2e/reply-rules-shots');

async function call<T>(request: APIRequestContext, url: string, token: string, data: object): Promise<T> {
  const res = await request.post(url, { headers: { memberToken: token }, data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

test('a rule whose pattern was saved before the current checks shows 未生效 with what to do', async ({
  page,
  request,
}) => {
  await signInNewMember(page, request, 'legacy');
  const token = await page.evaluate(() => localStorage.getItem('memberToken') ?? '');
  const saved = await call<{ rule_id: number }>(request, ReplyRuleApi.save, token, {
    kind: 'keyword',
    match: 'regex',
    keywords: ['多少钱'],
    reply: '价格请看主页',
    mode: 'auto',
  });
  await call(request, ReplyRuleApi.save, token, {
    kind: 'keyword',
    keywords: ['包邮'],
    reply: '全国包邮',
    mode: 'auto',
  });
  // As saved under older checks: a pattern whose backtracking the count refuses now.
  const legacy = '.*.*.*钱';
  await queryServerDb(
    (p) => `UPDATE reply_rule SET keywords = ${p(1)} WHERE id = ${p(2)}`,
    [JSON.stringify([legacy]), saved.rule_id],
  );
  const rules = new ReplyRulesPage(page);
  await rules.goto();
  const row = rules.rules.locator('tr', { hasText: legacy });
  await expect(row.getByTestId('rule-problem')).toHaveText(
    '未生效' + fillMsg(Msg.replyRulePatternDisabled, { pattern: legacy }),
  );
  // The working rule beside it says only 启用.
  await expect(rules.rules.locator('tr', { hasText: '包邮' })).toContainText('启用');
  await expect(rules.rules.getByTestId('rule-problem')).toHaveCount(1);
  await page.screenshot({ path: join(shots, '0-legacy-rule.png'), fullPage: true });
});

test('a keyword rule answers by itself, an approve-first rule waits in 客户消息 and goes out edited', async ({
  page,
  request,
}) => {
  // Four rules through the dialog on a loaded two-core machine: slow is not broken.
  test.setTimeout(300_000);
  await signInNewMember(page, request, 'rules');
  const token = await page.evaluate(() => localStorage.getItem('memberToken') ?? '');
  const account = (
    await call<{ enterprise_account_id: number }>(request, AccountApi.add, token, {
      nickname: '门店抖音号',
      platform_id: 1,
    })
  ).enterprise_account_id;
  const runner = (await call<{ token: string }>(request, '/api/runner.Runner/create', token, { name: 'e2e' })).token;

  const rules = new ReplyRulesPage(page);
  await rules.goto();
  await expect(rules.overview).toContainText('门店抖音号');
  await rules.addKeywordRule('多少钱，价格', '您好，价格请看主页置顶', false);
  await expect(rules.rules).toContainText('包含：多少钱、价格');
  // The other match kinds: 开头是, 结尾是 and a regular expression (one pattern, its commas its own).
  await rules.addKeywordRule('包邮', '全国包邮', false, '开头是');
  await expect(rules.rules).toContainText('开头是：包邮');
  await rules.addKeywordRule('有货吗', '有货，放心拍', false, '结尾是');
  await expect(rules.rules).toContainText('结尾是：有货吗');
  // A pattern that could backtrack without end is refused, in member words naming it.
  await rules.fillKeywordRule('(\\d+\\s?)+$', '稍后回复您', false, '正则表达式');
  await expect(rules.form).toContainText('正则表达式（一条');
  await page.screenshot({ path: join(shots, '1a-regex-form.png') });
  await rules.submitRule();
  await expect(page.getByText(fillMsg(Msg.replyRulePatternNested, { pattern: '(\\d+\\s?)+$' }))).toBeVisible();
  await rules.keywords.fill('(哪里|在哪)(买|下单)|下单.{0,4}链接');
  await rules.submitRule();
  await expect(rules.rules).toContainText('正则表达式：(哪里|在哪)(买|下单)|下单.{0,4}链接');
  // The approve-first rule through the API: the dialog is covered once above.
  await call(request, ReplyRuleApi.save, token, {
    kind: 'keyword',
    keywords: ['代理'],
    reply: '欢迎咨询加盟政策',
    mode: 'approve',
  });
  await page.reload();
  await expect(rules.rules).toContainText('审核后发送');
  await page.screenshot({ path: join(shots, '1-rules.png'), fullPage: true });

  const now = Math.floor(Date.now() / 1000);
  const comment = (id: string, author: string, text: string): HarvestIngestItem => ({
    source: 'comment',
    item_id: id,
    post_id: '7300000000000000077',
    post_title: '新品上市',
    parent_id: '',
    author_id: author,
    author_name: author,
    from_self: false,
    text,
    created_at: now - 30,
    link: '',
  });
  const ingest = await request.post(HarvestApi.ingest, {
    headers: { [RUNNER_TOKEN_HEADER]: runner },
    data: {
      account_id: account,
      source: 'comment',
      cursor: 'c1',
      items: [
        comment('@e2e-1', 'buyer-price', '这个多少钱？'),
        comment('@e2e-2', 'buyer-agent', '能做代理吗'),
        comment('@e2e-3', 'buyer-where', '请问在哪买呀'),
        comment('@e2e-4', 'buyer-stock', '这款还有货吗？'),
      ],
    },
  });
  expect(((await ingest.json()) as Envelope<unknown>).code).toBe(200);

  const chat = new ChatPage(page);
  await chat.goto();
  await chat.conversation('buyer-price').click();
  const auto = chat.messages.filter({ hasText: '您好，价格请看主页置顶' });
  await expect(auto.getByTestId('delivery-state')).toBeVisible();
  await expect(auto.getByTestId('draft-review')).toHaveCount(0);

  for (const [buyer, reply] of [
    ['buyer-where', '稍后回复您'],
    ['buyer-stock', '有货，放心拍'],
  ] as const) {
    await chat.conversation(buyer).click();
    await expect(chat.messages.filter({ hasText: reply }).getByTestId('delivery-state')).toBeVisible();
  }

  await chat.conversation('buyer-agent').click();
  const draft = chat.messages.filter({ hasText: '欢迎咨询加盟政策' });
  await expect(draft.getByTestId('draft-state')).toHaveText(Msg.replyApprovalWaiting);
  await expect(draft.getByTestId('draft-reason')).toHaveText(Msg.replyHoldByRule);
  await page.screenshot({ path: join(shots, '2-draft.png'), fullPage: true });
  await draft.getByTestId('draft-modify').click();
  await draft.getByTestId('draft-edit').fill('欢迎咨询加盟政策，稍后私信您');
  await draft.getByTestId('draft-approve').click();
  const sent = chat.messages.filter({ hasText: '欢迎咨询加盟政策，稍后私信您' });
  await expect(sent.getByTestId('delivery-state')).toBeVisible();
  await expect(sent.getByTestId('draft-review')).toHaveCount(0);
  await page.screenshot({ path: join(shots, '3-approved.png'), fullPage: true });

  // The platform answers the account's next harvest pass with a rate limit: the open console says which
  // account paused, why and until when, and the notice stays until closed.
  await call(request, AccountApi.authCkStatus, token, { enterprise_account_id: account, cookie_auth_status: 1 });
  await call(request, HarvestWorkApi.setEnabled, token, { account_ids: [account], enabled: true });
  const runnerCall = async <T>(url: string, data: object) => {
    const res = await request.post(url, { headers: { [RUNNER_TOKEN_HEADER]: runner }, data });
    return ((await res.json()) as Envelope<T>).data;
  };
  const [pass] = (await runnerCall<{ work: HarvestWork[] }>(HarvestWorkApi.claim, { accounts: [account] })).work;
  expect(pass?.account_id).toBe(account);
  await runnerCall(HarvestWorkApi.report, {
    account_id: account,
    outcome: 'rate_limited',
    platform_text: '操作太频繁，请稍后再试',
    writes: pass?.writes.map((w) => ({ message_id: w.message_id, outcome: 'not_sent' })) ?? [],
  });
  const notice = page.locator('.ant-notification-notice').filter({ hasText: Msg.harvestPausedTitle });
  await expect(notice).toContainText(/账号「门店抖音号」平台提示操作频繁，已暂停采集和回复，.+后自动恢复/);
  await page.screenshot({ path: join(shots, '3b-harvest-paused.png') });
});

test.describe('harvesting through a runner', () => {
  const port = Number(process.env.E2E_PORT ?? 18080) + 9;
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  let sandbox: Sandbox;
  let llm: LlmImitation;
  // A server of this spec's own: its clock is moved into the daytime write window when the run is at night.
  let server: OwnServer;
  let runner: ChildProcess | undefined;
  // The runner's profiles and log (Chromium profiles are tens of MB each).
  let workDir: string | undefined;

  // How far the server's clock runs ahead, computed once: the items fed below are dated by it. Computed
  // anew for each item at night, every item was dated 09:00 sharp while the server's clock ran on from
  // there, so everything fed after harvesting began counted as history, never answered.
  let clockOffset = 0;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    sandbox = await startSandbox();
    llm = await startLlmImitation();
    clockOffset = beijingDaytimeOffset();
    server = new OwnServer(port, 'own-demo-123', {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${join(import.meta.dirname, 'support/beijing-daytime.mjs')}`,
      E2E_CLOCK_OFFSET_MS: String(clockOffset),
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: 'e2e',
      LLM_MODEL: 'e2e-imitation',
      // The rules read the leads, so the imitation's one queued answer is the AI reply's draft.
      LLM_LEADS: 'off',
      // What the sandbox gets after the first read comes with the next pass: the least interval there is.
      HARVEST_INTERVAL_S: '60',
    });
    await server.start();
  });
  test.afterAll(async () => {
    test.setTimeout(120_000);
    await stopProcess(runner);
    if (workDir) {
      rmSync(workDir, { recursive: true, force: true });
    }
    await server?.stop();
    await sandbox?.close();
    await llm?.close();
  });

  test('three accounts harvested: leads with the contact, a keyword reply by itself, an AI draft approved, each sent once', async ({
    page,
    request,
  }) => {
    // Chromium for the console and one per harvest pass on a loaded two-core machine: slow is not broken.
    test.setTimeout(480_000);
    const login = await request.post('/api/member.Login/login', {
      data: { account: 'demo', password: server.demoPassword },
    });
    const token = ((await login.json()) as Envelope<LoginResult>).data.ApiToken;
    const control = sandboxControl(sandbox.url);
    workDir = fixtureDir('vm-e2e-harvest-');
    const accounts = [
      { platform: 'douyin', platformId: 1, nickname: '抖音获客号' },
      { platform: 'xiaohongshu', platformId: 3, nickname: '小红书获客号' },
      { platform: 'bilibili', platformId: 5, nickname: 'B站获客号' },
    ] as const satisfies readonly { platform: PublishPlatform; platformId: number; nickname: string }[];
    const ids: Record<string, number> = {};
    const user = (platform: string) => `harvest-${platform}`;
    for (const a of accounts) {
      const id = (
        await call<{ enterprise_account_id: number }>(request, AccountApi.add, token, {
          nickname: a.nickname,
          platform_id: a.platformId,
        })
      ).enterprise_account_id;
      ids[a.platform] = id;
      await signInProfile(sandbox.url, workDir, a.platform, id, user(a.platform));
      await call(request, AccountApi.authCkStatus, token, { enterprise_account_id: id, cookie_auth_status: 1 });
      await control.addWork({ platform: a.platform, user: user(a.platform), title: '春季新品' });
    }
    // Written before harvesting is switched on: the first read stores it as history (read, never answered).
    const feed = async (platform: PublishPlatform, source: 'comment' | 'message', author: string, text: string) =>
      (
        await control.feed({
          platform,
          account: user(platform),
          source,
          text,
          author,
          post: '春季新品',
          // Dated by the server's clock, which the night moves forward (beijing-daytime.mjs).
          at: Date.now() + clockOffset,
        })
      ).author.id;
    const oldAsker = await feed('douyin', 'comment', '上周问价的人', '上周问过多少钱');

    const keywordReply = '您好，价格请看主页置顶';
    const aiDraft = '您好，代理政策稍后私信发给您';
    await call(request, ReplyRuleApi.saveSettings, token, { business: '春季新品服装批发零售', products: '新款外套' });
    await call(request, ReplyRuleApi.save, token, {
      kind: 'keyword',
      keywords: ['多少钱'],
      reply: keywordReply,
      mode: 'auto',
    });
    await call(request, ReplyRuleApi.save, token, { kind: 'ai', keywords: ['代理'], mode: 'approve' });
    llm.enqueue({ content: `「${aiDraft}」` });
    const runnerToken = (await call<{ token: string }>(request, '/api/runner.Runner/create', token, { name: '获客' }))
      .token;
    runner = startRunnerProcess(server.baseURL, runnerToken, workDir, sandbox.url);

    // The member turns harvesting on in 评论私信采集 and stays on the accounts page while it reads.
    await spyOnAlerts(page);
    await useToken(page, token, 'demo');
    const accountsPage = new AccountsPage(page);
    await accountsPage.open();
    await page.getByTestId('harvest-accounts').click();
    const dialog = page.getByRole('dialog', { name: '评论私信采集' });
    for (const a of accounts) {
      const toggle = dialog.getByTestId(`harvest-switch-${ids[a.platform]}`);
      await toggle.click();
      await expect(toggle).toBeChecked();
    }
    // Every account read once: 上次采集 holds a time in each row.
    for (const a of accounts) {
      await expect(dialog.getByRole('row', { name: new RegExp(a.nickname) })).toContainText(/\d{4}-\d{2}-\d{2}/, {
        timeout: 300_000,
      });
    }
    await page.screenshot({ path: join(shots, '4-harvest-dialog.png') });

    // Each buyer by the id the platform gives them (what 客户消息 lists them by), written after the first read.
    const priceBuyer = await feed('douyin', 'comment', '问价的买家', '这个多少钱？');
    await feed('douyin', 'message', '打招呼的买家', '你好');
    const contactBuyer = await feed('xiaohongshu', 'message', '留电话的买家', '加我薇 1 3 8 1 2 3 4 5 6 7 8');
    await feed('xiaohongshu', 'comment', '路过的人', '好看');
    const agentBuyer = await feed('bilibili', 'comment', '想做代理的人', '能做代理吗');
    const console = new ConsolePage(page);
    // The five new items reach the badge on the next passes of the three accounts, one by one as each is
    // read: polled until all five are in (the history item is not counted: server tests).
    await expect.poll(() => badgeValue(console), { timeout: 300_000 }).toBe(5);
    await expect.poll(async () => (await alerts(page)).notes.length).toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    // 客户消息: the keyword rule answered 多少钱 by itself; the AI draft waits and is approved.
    const chat = new ChatPage(page);
    await chat.goto();
    // Last week's 多少钱 is there, read and unanswered.
    await chat.conversation(oldAsker).click();
    await expect(chat.messages).toHaveCount(1);
    await chat.conversation(contactBuyer).click();
    await expect(chat.leads).toContainText('13812345678');
    await chat.conversation(priceBuyer).click();
    await expect(chat.messages.filter({ hasText: keywordReply }).getByTestId('delivery-state')).toHaveAttribute(
      'data-state',
      'sent',
      { timeout: 300_000 },
    );
    await chat.conversation(agentBuyer).click();
    const draft = chat.messages.filter({ hasText: aiDraft });
    await expect(draft.getByTestId('draft-state')).toHaveText(Msg.replyApprovalWaiting);
    await page.screenshot({ path: join(shots, '5-ai-draft.png'), fullPage: true });
    await draft.getByTestId('draft-approve').click();
    await expect(draft.getByTestId('delivery-state')).toHaveAttribute('data-state', 'sent', { timeout: 300_000 });

    // The leads on /ai/lead: the buyer who left a disguised phone number, with where it came from.
    const rules = new ReplyRulesPage(page);
    await rules.goto();
    const lead = page.getByTestId('lead-table').getByRole('row', { name: /13812345678/ });
    await expect(lead).toHaveCount(1);
    await expect(lead.getByTestId('lead-source')).toHaveText('小红书 · 私信');
    await expect(lead.getByText('加我薇 1 3 8 1 2 3 4 5 6 7 8')).toBeVisible();
    await page.screenshot({ path: join(shots, '6-leads.png'), fullPage: true });

    // The platforms got each reply once, on the right account, and nothing on the account without one.
    const sent = async (platform: PublishPlatform) => (await control.sent(platform, user(platform))).map((r) => r.text);
    expect(await sent('douyin')).toEqual([keywordReply]);
    expect(await sent('bilibili')).toEqual([aiDraft]);
    expect(await sent('xiaohongshu')).toEqual([]);
  });
});
