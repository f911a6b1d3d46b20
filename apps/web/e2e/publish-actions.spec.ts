import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import { RUNNER_TOKEN_HEADER, type ClaimedJob } from '@vidmatrix/contract/api/publish';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import { fixtureDir, makeVideo } from '@vidmatrix/fixtures';
import { MaterialsPage } from './pages/materials-page.ts';
import { PublishPage } from './pages/publish-page.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';

// Without a browser runner: a batch opened from ?materials= (what 去发布 links to), cancelled; a job
// the test claims through the runner API (standing in for a runner whose proof never came) ends
// unconfirmed, and the member resolves it; the runner token is revoked and claims nothing more.

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shot = (name: string) => join(repoRoot, 'test-results', 'publish-shots', `${name}.png`);

async function call<T>(request: APIRequestContext, headers: Record<string, string>, url: string, data: object) {
  const response = await request.post(url, { headers, data });
  return (await response.json()) as Envelope<T>;
}

test('cancel, resolve an unconfirmed job, revoke the runner', async ({ page, request }) => {
  test.setTimeout(300_000);
  await signInNewMember(page, request, 'pubact');
  const token = await page.evaluate(() => localStorage.getItem('memberToken') ?? '');
  const member = { [TOKEN_HEADER]: token };

  const file = makeVideo(join(fixtureDir('vm-e2e-pubact-'), '门店探店.mp4'), { seconds: 2, width: 240, height: 320 });
  const materials = new MaterialsPage(page);
  await materials.open();
  await materials.chooseFiles([file]);
  await expect(materials.submit).toBeEnabled({ timeout: 60_000 });
  await materials.submit.click();
  await expect(materials.card('门店探店.mp4').getByTestId('material-duration')).toHaveText('00:02', {
    timeout: 120_000,
  });
  const listed = await request.post('/api/file.File/list', { headers: member, params: { page: 1, limit: 10 } });
  const list = (await listed.json()) as Envelope<{ list: { file_id: number }[] }>;
  const videoId = list.data.list[0]?.file_id ?? 0;
  expect(videoId).toBeGreaterThan(0);
  for (const [nickname, platformId] of [
    ['小红书门店号', 3],
    ['B站门店号', 5],
  ] as const) {
    const added = await call(request, member, AccountApi.add, { nickname, platform_id: platformId });
    expect(added.code, added.msg).toBe(200);
  }

  // 去发布 links here with the clip task's videos chosen.
  await page.goto(`/publish/batch?materials=${videoId}`);
  const publish = new PublishPage(page);
  await expect(publish.form.getByTestId('chosen-video')).toHaveText(['门店探店.mp4']);
  await expect(page.getByRole('tab', { name: '新建发布' })).toHaveAttribute('aria-selected', 'true');
  await publish.pickAccounts(['小红书门店号', 'B站门店号']);
  await publish.fillCopy('门店探店上新', ['探店']);
  // The topics field is as wide as the title, and its hint stays once a topic hides the placeholder.
  const copy = page.getByTestId('copy-batch');
  const [titleBox, topicsBox] = await Promise.all([
    copy.getByTestId('copy-title').boundingBox(),
    copy.getByTestId('copy-topics').boundingBox(),
  ]);
  expect(Math.round(topicsBox?.width ?? 0)).toBe(Math.round(titleBox?.width ?? -1));
  await expect(copy.getByTestId('copy-topics-hint')).toContainText('按回车');
  await copy.getByTestId('copy-topics-hint').evaluate((hint) => hint.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: shot('new-batch-copy') });
  await publish.submit.click();
  await expect(page).toHaveURL(/batch=\d+/);
  await expect(publish.cellsIn('queued')).toHaveCount(2);

  // Cancel: no runner took them, so both stop.
  await page.getByTestId('cancel-batch').click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(publish.cellsIn('cancelled')).toHaveCount(2);

  // A second batch, claimed through the runner API by a token made on the runners tab.
  await publish.open('runners');
  const runnerToken = await publish.createRunnerToken('测试发布器');
  await publish.open('new');
  await publish.pickVideos(['门店探店.mp4']);
  await publish.pickAccounts(['小红书门店号']);
  await publish.fillCopy('门店探店第二期', []);
  await publish.submit.click();
  await expect(publish.cellsIn('queued')).toHaveCount(1);
  const runner = { [RUNNER_TOKEN_HEADER]: runnerToken };
  const claimed = await call<{ jobs: ClaimedJob[] }>(request, runner, '/api/runner.Runner/claim', { slots: 1 });
  const jobId = claimed.data.jobs[0]?.job_id ?? 0;
  expect(jobId).toBeGreaterThan(0);
  expect((await call(request, runner, '/api/runner.Runner/beforeSubmit', { job_id: jobId })).code).toBe(200);
  const finished = await call(request, runner, '/api/runner.Runner/finish', {
    job_id: jobId,
    outcome: 'unconfirmed',
    submit_clicked: true,
  });
  expect(finished.code, finished.msg).toBe(200);

  const unconfirmed = publish.cellsIn('unconfirmed');
  await expect(unconfirmed).toContainText(Msg.publishUnconfirmed);
  await page.screenshot({ path: shot('unconfirmed'), fullPage: true });
  await unconfirmed.getByRole('button', { name: '已发布' }).click();
  await expect(publish.cellsIn('published')).toHaveCount(1);

  // Revoked: the token claims nothing any more.
  await publish.open('runners');
  await page.getByRole('button', { name: /吊\s*销/ }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('已吊销')).toBeVisible();
  await page.screenshot({ path: shot('runners-revoked') });
  const refused = await call(request, runner, '/api/runner.Runner/claim', { slots: 1 });
  expect(refused.code).not.toBe(200);
  expect(refused.msg).toBe(Msg.runnerTokenInvalid);
});
