import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import { HarvestApi, type HarvestIngestItem } from '@vidmatrix/contract/api/harvest';
import { RUNNER_TOKEN_HEADER } from '@vidmatrix/contract/api/publish';
import { ReplyRuleApi } from '@vidmatrix/contract/api/reply-rule';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import { ChatPage } from './pages/chat-page.ts';
import { ReplyRulesPage } from './pages/reply-rules-page.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shots = join(repoRoot, 'test-results/web-e2e/reply-rules-shots');

async function call<T>(request: APIRequestContext, url: string, token: string, data: object): Promise<T> {
  const res = await request.post(url, { headers: { memberToken: token }, data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

test('a keyword rule answers by itself, an approve-first rule waits in 客户消息 and goes out edited', async ({
  page,
  request,
}) => {
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
      items: [comment('@e2e-1', 'buyer-price', '这个多少钱？'), comment('@e2e-2', 'buyer-agent', '能做代理吗')],
    },
  });
  expect(((await ingest.json()) as Envelope<unknown>).code).toBe(200);

  const chat = new ChatPage(page);
  await chat.goto();
  await chat.conversation('buyer-price').click();
  const auto = chat.messages.filter({ hasText: '您好，价格请看主页置顶' });
  await expect(auto.getByTestId('delivery-state')).toBeVisible();
  await expect(auto.getByTestId('draft-review')).toHaveCount(0);

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
});
