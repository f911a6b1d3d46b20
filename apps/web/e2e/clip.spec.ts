import { join } from 'node:path';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { Msg } from '@vidmatrix/contract/messages';
import { fixtureDir, makeVideo } from '@vidmatrix/fixtures';
import { MaterialsPage } from './pages/materials-page.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';

// A member with two short videos makes a 批量混剪 task of 2 videos, watches it finish, plays one and
// finds both in the material library (group 剪辑成片/<task name>).

test('a mode-1 clip task renders two videos into the library', async ({ page, request }) => {
  test.setTimeout(600_000);
  const dir = fixtureDir('vm-e2e-clip-');
  const files = [
    makeVideo(join(dir, 'clip-a.mp4'), { seconds: 4, width: 320, height: 240 }),
    makeVideo(join(dir, 'clip-b.mp4'), { seconds: 4, width: 240, height: 320, pattern: 'testsrc2' }),
  ];
  await signInNewMember(page, request, 'clip');
  const materials = new MaterialsPage(page);
  await materials.open();
  await materials.chooseFiles(files);
  await expect(materials.formDialog.getByTestId('upload-item')).toHaveCount(2);
  await expect(materials.submit).toBeEnabled({ timeout: 30_000 });
  await materials.submit.click();
  await expect(materials.toast('添加成功')).toBeVisible();
  await expect(materials.card('clip-b.mp4').getByTestId('material-duration')).toHaveText('00:04', {
    timeout: 60_000,
  });

  await page.goto(ConsolePath.clipTasks);
  await page.getByRole('button', { name: '新建剪辑任务' }).click();
  await page.getByTestId('clip-mode-1').click();
  await expect(page).toHaveURL(/\/clip\/VideoTemplate\?/);
  await page.screenshot({ path: '/tmp/clip-template.png' });
  await page.getByTestId('clip-template-classic').click();
  await expect(page).toHaveURL(/\/clip\/ClipVideo\?.*template=classic/);
  // The e2e server speaks with espeak-ng (getVoice says robotic), so the page says so; a natural
  // voice leaves the note out (task-actions.test.tsx).
  await expect(page.getByText(Msg.clipRoboticVoice)).toBeVisible();

  await page.getByLabel('任务名称').fill('端到端混剪');
  await page.getByRole('button', { name: '选择素材' }).click();
  const picker = page.getByRole('dialog', { name: '选择素材' });
  for (const name of ['clip-a.mp4', 'clip-b.mp4']) {
    await picker.getByTestId('material-card').filter({ hasText: name }).getByLabel('选择').click();
  }
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(picker).toBeHidden();
  await page.getByLabel('口播文案（每行一条，每条视频用一条）').fill('第一条文案\n第二条文案');
  await page.getByLabel('片段时长（秒）').fill('1');
  await page.getByLabel('每条视频片段数').fill('2');
  await page.getByLabel('生成数量').fill('2');
  // De-duplication the member turns on goes into the task (the renders below draw it).
  await page.getByRole('checkbox', { name: '镜像' }).check();
  await page.getByRole('checkbox', { name: '微调色' }).check();
  await page.screenshot({ path: '/tmp/clip-video-form.png', fullPage: true });
  const added = page.waitForRequest((r) => r.url().includes('.BatchVideo/addTask'));
  await page.getByRole('button', { name: '开始剪辑' }).click();
  expect((await added).postDataJSON()).toMatchObject({
    dedup: { mirror: true, color: true, crop: false, speed: false, frameRate: false, stripMetadata: true },
  });

  await expect(page).toHaveURL(/\/clip\/TaskList/);
  const row = page.getByRole('row').filter({ hasText: '端到端混剪' });
  await expect(row.getByText('2/2')).toBeVisible({ timeout: 540_000 });
  await expect(row.getByText('已完成')).toBeVisible();
  await row.getByRole('button', { name: '查看视频' }).click();
  const outputs = page.getByTestId('clip-output');
  await expect(outputs).toHaveCount(2);
  await page.screenshot({ path: '/tmp/clip-task-list.png', fullPage: true });
  await outputs.first().click();
  const player = page.getByRole('dialog').filter({ has: page.locator('video') });
  await expect(player.locator('video')).toHaveAttribute('src', /\/storage\/clip\//, { timeout: 30_000 });
  await expect
    .poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.duration || 0), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await page.keyboard.press('Escape');

  await materials.open();
  await expect(materials.card('端到端混剪-1.mp4')).toBeVisible();
  await expect(materials.card('端到端混剪-2.mp4')).toBeVisible();

  // 去发布 opens batch publishing with the task's videos chosen.
  await page.goto(ConsolePath.clipTasks);
  await page.getByRole('row').filter({ hasText: '端到端混剪' }).getByRole('button', { name: '去发布' }).click();
  await expect(page).toHaveURL(/\/publish\/batch\?materials=\d+,\d+/);
  await expect(page.getByTestId('chosen-video')).toHaveText(['端到端混剪-1.mp4', '端到端混剪-2.mp4']);
});
