import { join } from 'node:path';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { Msg } from '@vidmatrix/contract/messages';
import { fixtureDir, makeImage, makeVideo } from '@vidmatrix/fixtures';
import { ClipTaskPages } from './pages/clip-task-pages.ts';
import { MaterialsPage } from './pages/materials-page.ts';
import { downloadOutputs, frameSignature, signatureDistance, storedComboKeys } from './support/clip-outputs.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';

// A member with five colour cards and two short videos makes a 批量混剪 task: a pool of the two clips is
// refused with the one video it allows; in 分组 (the cards, then the clips: 5 × 2 combinations) eleven
// videos are refused with ten, and ten render. The ten are distinct: ten combinations stored, and each
// pair looks different decoded (16×16 grayscale frames inside each segment). They play, land in the
// material library (group 剪辑成片/<task name>) and open in batch publishing.

/** Colour cards whose gray levels lie far apart (34, 81, 127, 171, 230): 微调色's few levels never join two. */
const CARDS = ['0x1a1a60', '0xc0202a', '0x30b050', '0xf0a030', '0xf8f080'];
/** Mean absolute gray difference (0–255) above which two glances tell the videos apart. */
const VISIBLY_DIFFERENT = 8;
/** Where the spec leaves its screenshots for a person to look at. */
const shotDir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'clip-shots');

test('a mode-1 clip task in groups renders ten distinct videos into the library', async ({ page, request }) => {
  test.setTimeout(600_000);
  const dir = fixtureDir('vm-e2e-clip-');
  const cards = CARDS.map((color, i) => makeImage(join(dir, `色卡${i + 1}.png`), { width: 320, height: 240, color }));
  // 3 s clips in 2 s segments: one window each, so the clips group offers two choices.
  const clips = [
    makeVideo(join(dir, 'clip-a.mp4'), { seconds: 3, width: 320, height: 240 }),
    makeVideo(join(dir, 'clip-b.mp4'), { seconds: 3, width: 240, height: 320, pattern: 'testsrc2' }),
  ];
  await signInNewMember(page, request, 'clip');
  const materials = new MaterialsPage(page);
  await materials.open();
  await materials.chooseFiles([...cards, ...clips]);
  await expect(materials.formDialog.getByTestId('upload-item')).toHaveCount(7);
  await expect(materials.submit).toBeEnabled({ timeout: 30_000 });
  await materials.submit.click();
  await expect(materials.toast('添加成功')).toBeVisible();
  for (const name of ['clip-a.mp4', 'clip-b.mp4']) {
    await expect(materials.card(name).getByTestId('material-duration')).toHaveText('00:03', { timeout: 60_000 });
  }

  const clip = new ClipTaskPages(page);
  await clip.newTask(1);
  await expect(page).toHaveURL(/\/clip\/VideoTemplate\?/);
  await page.screenshot({ path: '/tmp/clip-template.png' });
  await page.getByTestId('clip-template-classic').click();
  await expect(page).toHaveURL(/\/clip\/ClipVideo\?.*template=classic/);
  // The e2e server speaks with espeak-ng (getVoice says robotic), so the page says so; a natural
  // voice leaves the note out (task-actions.test.tsx).
  await expect(page.getByText(Msg.clipRoboticVoice)).toBeVisible();

  await page.getByLabel('任务名称').fill('端到端混剪');
  await page.getByLabel('口播文案（每行一条，每条视频用一条）').fill('第一条文案\n第二条文案');
  await page.getByLabel('片段时长（秒）').fill('2');
  // A pool of the two clips, two segments a video: one set of two, one video.
  await clip.pick(page.getByRole('button', { name: '选择素材' }), ['clip-a.mp4', 'clip-b.mp4']);
  // The form tells what the chosen materials allow while the member chooses (issue 24): at the
  // defaults (3 segments of 2 s) the two clips make none, at two segments one.
  const allowed = page.getByTestId('clip-max-videos');
  await expect(allowed).toHaveText('素材最多可以生成0个不重复的视频，请减少数量或添加素材');
  await page.getByLabel('每条视频片段数').fill('2');
  await expect(allowed).toHaveText('素材最多可以生成1个不重复的视频，请减少数量或添加素材');
  await page.getByLabel('生成数量').fill('1');
  await expect(allowed).toHaveText('所选素材最多可以生成1个不重复的视频');
  await page.getByLabel('生成数量').fill('2');
  await page.screenshot({ path: join(shotDir, 'mode1-pool-allowed.png'), fullPage: true });
  await page.getByRole('button', { name: '开始剪辑' }).click();
  // The server refuses with the same figure.
  await expect(materials.toast('素材最多可以生成1个不重复的视频，请减少数量或添加素材')).toBeVisible();

  // 分组: 开头 and 中间 are kept (结尾 removed); one segment of each per video, in order.
  await page.locator('label', { has: page.getByRole('radio', { name: '分组' }) }).click();
  await expect(page.getByRole('radio', { name: '分组' })).toBeChecked();
  const groups = page.getByTestId('clip-group');
  await expect(groups).toHaveCount(3);
  await groups.nth(2).getByRole('button', { name: '删除分组' }).click();
  await expect(groups).toHaveCount(2);
  await expect(page.getByRole('button', { name: '删除分组' })).toHaveCount(0);
  await clip.pick(
    groups.nth(0).getByRole('button', { name: '选择素材' }),
    CARDS.map((_, i) => `色卡${i + 1}.png`),
  );
  await clip.pick(groups.nth(1).getByRole('button', { name: '选择素材' }), ['clip-a.mp4', 'clip-b.mp4']);
  await page.screenshot({ path: join(shotDir, 'mode1-groups.png'), fullPage: true });
  await page.getByLabel('生成数量').fill('11');
  await expect(allowed).toHaveText('素材最多可以生成10个不重复的视频，请减少数量或添加素材');
  await page.getByRole('button', { name: '开始剪辑' }).click();
  await expect(materials.toast('素材最多可以生成10个不重复的视频，请减少数量或添加素材')).toBeVisible();
  await page.getByLabel('生成数量').fill('10');
  await expect(allowed).toHaveText('所选素材最多可以生成10个不重复的视频');
  // De-duplication the member turns on goes into the task (the renders below draw it).
  await page.getByRole('checkbox', { name: '镜像' }).check();
  await page.getByRole('checkbox', { name: '微调色' }).check();
  await page.screenshot({ path: '/tmp/clip-video-form.png', fullPage: true });
  const added = page.waitForResponse((r) => r.url().includes('.BatchVideo/addTask'));
  await page.getByRole('button', { name: '开始剪辑' }).click();
  const response = await added;
  expect(response.request().postDataJSON()).toMatchObject({
    groups: [{ name: '开头' }, { name: '中间' }],
    dedup: { mirror: true, color: true, crop: false, speed: false, frameRate: false, stripMetadata: true },
  });
  const taskId = ((await response.json()) as { data: { id: number } }).data.id;

  const outputs = await clip.watchAndPlay('端到端混剪', 10, '/tmp/clip-task-list.png');
  await expect(outputs).toHaveCount(10);
  // Ten combinations stored with the plans, and ten videos that look different, pair by pair.
  expect(new Set(await storedComboKeys(taskId)).size).toBe(10);
  const signatures = (await downloadOutputs(page, taskId, dir)).map((file) => frameSignature(file));
  expect(signatures).toHaveLength(10);
  const alike: string[] = [];
  signatures.forEach((a, i) =>
    signatures.slice(i + 1).forEach((b, k) => {
      const distance = signatureDistance(a, b);
      if (distance < VISIBLY_DIFFERENT) {
        alike.push(`${i + 1}~${i + k + 2}: ${distance.toFixed(1)}`);
      }
    }),
  );
  expect(alike).toEqual([]);

  await materials.open();
  await expect(materials.card('端到端混剪-1.mp4')).toBeVisible();
  await expect(materials.card('端到端混剪-10.mp4')).toBeVisible();

  // 去发布 opens batch publishing with the task's videos chosen.
  await page.goto(ConsolePath.clipTasks);
  await clip.row('端到端混剪').getByRole('button', { name: '去发布' }).click();
  await expect(page).toHaveURL(/\/publish\/batch\?materials=(\d+,){9}\d+$/);
  await expect(page.getByTestId('chosen-video')).toHaveCount(10);
});
