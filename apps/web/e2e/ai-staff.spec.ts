import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import { expect, test } from './support/fixtures.ts';
import { leaveFreeSpace, signInNewMember } from './support/members.ts';
import { queryServerDb } from './support/server-db.ts';
import { postSigned } from './support/webhook.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shotDir = join(repoRoot, 'test-results', 'site-shots');

/** Screenshots of the page at a desktop and a phone width; the page must not scroll sideways on either. */
async function shots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(shotDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function call<T>(request: APIRequestContext, token: string, url: string, data: object): Promise<T> {
  const res = await request.post(url, { headers: { memberToken: token }, data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** The figure card's value. */
const figure = (page: Page, id: string) => page.getByTestId(`figure-${id}`).locator('p').first();

test('a new member’s AI数据员工 and AI运营员工 pages say there is nothing yet, and where to start', async ({
  page,
  request,
}) => {
  await signInNewMember(page, request, 'aiempty');
  await page.goto('/ai/data');
  await expect(page.getByTestId('daily-report')).toBeVisible();
  await expect(figure(page, 'leads')).toHaveText('0');
  await expect(page.getByText('这一天没有发布结果')).toBeVisible();
  await expect(page.getByRole('button', { name: '去批量发布' })).toBeVisible();
  await shots(page, 'ai-data-empty');

  await page.goto('/ai/operate');
  await expect(page.getByTestId('todo-empty')).toContainText(Msg.todoNone);
  await shots(page, 'ai-operate-empty');

  // No account yet: the AI发布员工 says what it sums up, and the first step is an account to publish to.
  await page.goto('/ai/publish');
  await expect(page.getByTestId('publish-empty')).toContainText('这里汇总你的每一次发布');
  await shots(page, 'ai-publish-empty');
  await page.getByTestId('publish-empty').getByRole('button', { name: '添加账号' }).click();
  await expect(page).toHaveURL(/\/account\/index$/);
});

test('the AI数据员工 reports the member’s day and the AI运营员工 lists its waiting work, each leading to its page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await signInNewMember(page, request, 'aistaff');
  const token = await page.evaluate(() => localStorage.getItem('memberToken') ?? '');
  const { rows } = await queryServerDb<{ id: number }>(
    (p) => `select id from member where account = ${p(1)}`,
    [account],
  );
  const memberId = Number(rows[0]?.id);

  // Two authorized douyin accounts and one never authorized; a video; a batch whose two posts end
  // one under review and one failed.
  const accounts: number[] = [];
  for (const nickname of ['抖音主号', '抖音二号', '小红书号']) {
    const added = await call<{ enterprise_account_id: number }>(request, token, AccountApi.add, {
      nickname,
      platform_id: nickname.startsWith('抖音') ? 1 : 3,
    });
    accounts.push(added.enterprise_account_id);
  }
  for (const id of accounts.slice(0, 2)) {
    await call(request, token, AccountApi.authCkStatus, { enterprise_account_id: id, cookie_auth_status: 1 });
  }
  const now = Date.now();
  await queryServerDb(
    (p) =>
      `insert into material (member_id, object_key, file_name, file_type, size, duration_ms, thumb_key, process_status,
       process_error, group_id, use_count, expiration_time, remark, source_type, created_at, updated_at)
       values (${p(1)}, 'media/ai-staff.mp4', '新品.mp4', 'video', 2097152, 10000, '', 'done', '', 0, 0, null, '', 0, ${p(2)}, ${p(3)})`,
    [memberId, now, now],
  );
  const { rows: videos } = await queryServerDb<{ id: number }>(
    (p) => `select id from material where member_id = ${p(1)}`,
    [memberId],
  );
  const batch = await call<{ batch_id: number }>(request, token, '/api/seoaivideo.BatchPublish/add', {
    material_ids: [Number(videos[0]?.id)],
    enterprise_account_ids: accounts.slice(0, 2),
    title: '新品上市',
    description: '',
    topics: [],
    schedule: { spacing_sec: 0 },
  });
  const { rows: jobs } = await queryServerDb<{ id: number }>(
    (p) => `select id from publish_job where batch_id = ${p(1)} order by id`,
    [batch.batch_id],
  );
  for (const [i, [state, review]] of [
    ['published', 'reviewing'],
    ['failed', ''],
  ].entries()) {
    await queryServerDb(
      (p) =>
        `update publish_job set state = ${p(1)}, review_state = ${p(2)}, submitted_at = ${p(3)}, updated_at = ${p(4)},
         lease_owner = null, lease_until = null where id = ${p(5)}`,
      [state, review, now, now, Number(jobs[i]?.id)],
    );
  }
  // A customer leaves a phone number and waits for an answer; the space is nearly full.
  await postSigned(request, token, {
    enterprise_account_id: accounts[0],
    customer_id: `dy-ai-${now}`,
    customer_name: '意向客户',
    content: '想了解一下价格，我的电话 13912345678',
  });
  await leaveFreeSpace(account, 1024);

  await page.goto('/ai/data');
  await expect(figure(page, 'leads')).toHaveText('1');
  await expect(figure(page, 'messages')).toHaveText('1');
  await expect(figure(page, 'posts-made')).toHaveText('1');
  await expect(figure(page, 'posts-failed')).toHaveText('1');
  const posts = page.getByTestId('report-posts');
  await expect(posts).toContainText('抖音');
  await expect(page.getByTestId('report-storage')).toContainText('1.0 GB');
  await shots(page, 'ai-data');

  await page.goto('/ai/operate');
  await expect(page.getByTestId('todo-reauthorize')).toContainText('1 个账号授权已失效或未授权');
  await expect(page.getByTestId('todo-reauthorize')).toContainText('小红书号');
  await expect(page.getByTestId('todo-publish_failed')).toContainText('新品上市');
  await expect(page.getByTestId('todo-lead_waiting')).toContainText('1 位意向客户在等你回复');
  await expect(page.getByTestId('todo-storage_full')).toContainText('云空间已用 99%');
  await shots(page, 'ai-operate');

  // Each to-do leads to where it is done: the waiting customer opens in the chat.
  await page
    .getByTestId('todo-lead_waiting')
    .getByRole('button', { name: /意向客户/ })
    .click();
  await expect(page).toHaveURL(/\/customer\/chat\?conversation_id=\d+/);
  await page.goBack();
  await page.getByTestId('todo-publish_failed').getByRole('button', { name: Msg.todoActionRetryPublish }).click();
  await expect(page).toHaveURL(/\/publish\/batch\?tab=list/);

  // The AI发布员工: today's posts by group, and each thing stopping a post with its action.
  await page.goto('/ai/publish');
  const group = (id: string) => page.getByTestId(`publish-${id}`).locator('p').first();
  await expect(group('published')).toHaveText('1');
  await expect(group('failed')).toHaveText('1');
  await expect(group('queued')).toHaveText('0');
  const needs = page.getByTestId('publish-needs');
  await expect(needs).toContainText('还没有发布器，视频会一直排队');
  await expect(needs.getByRole('listitem').filter({ hasText: '小红书号' })).toContainText('未授权');
  await expect(needs.getByRole('listitem').filter({ hasText: '新品上市' })).toContainText('1 条失败');
  await expect(page.getByTestId('publish-platforms')).toContainText('抖音');
  await shots(page, 'ai-publish-overview');

  // 重试 queues the failed post again: it leaves 失败 and waits under 接下来要发的.
  await needs.getByRole('listitem').filter({ hasText: '新品上市' }).getByRole('button', { name: '重试' }).click();
  await expect(page.getByText('已重新排队 1 条发布任务')).toBeVisible();
  await expect(group('queued')).toHaveText('1');
  await expect(page.getByTestId('publish-upcoming')).toContainText(/抖音 · 抖音(主号|二号)/);
  await expect(needs.getByRole('listitem').filter({ hasText: '新品上市' })).toHaveCount(0);

  // 重新授权 opens the accounts page.
  await needs.getByRole('listitem').filter({ hasText: '小红书号' }).getByRole('button', { name: '重新授权' }).click();
  await expect(page).toHaveURL(/\/account\/index$/);
});
