import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { exeBytes, fixtureDir, makeAudio, makeImage, makeVideo, sparseFile } from '@vidmatrix/fixtures';
import { MaterialsPage } from './pages/materials-page.ts';
import { opened } from './support/antd.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shotDir = join(repoRoot, 'test-results', 'materials-shots');
const shot = (name: string) => join(shotDir, `${name}.png`);

/** Real media made with ffmpeg for this run: a PNG, a 3 s MP4, a renamed .exe and a 300 MB file. */
function makeFiles() {
  const dir = fixtureDir('vm-e2e-media-');
  const exe = join(dir, 'setup.exe');
  writeFileSync(exe, exeBytes());
  return {
    png: makeImage(join(dir, '产品主图.png')),
    mp4: makeVideo(join(dir, 'clip-demo.mp4'), { seconds: 3 }),
    exe,
    big: sparseFile(join(dir, 'big.mp4'), 300 * 1024 * 1024), // sparse: the browser refuses it by size before reading
  };
}

test('a member uploads, sees thumbnails and durations, groups, tags, filters, previews and deletes', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A member of its own, so a retry starts from an empty library.
  await signInNewMember(page, request, 'mat');
  mkdirSync(shotDir, { recursive: true });
  const files = makeFiles();
  const materials = new MaterialsPage(page);
  // Unique names: a reused e2e server keeps the groups and tags of earlier runs.
  const run = Date.now().toString(36).slice(-5);
  const groupName = `产品${run}`;
  const tagName = `爆款${run}`;
  await materials.open();

  await materials.chooseFiles([files.png, files.mp4]);
  await expect(materials.formDialog.getByTestId('upload-item')).toHaveCount(2);
  const submit = materials.formDialog.getByRole('button', { name: /确\s*定/ });
  await expect(submit).toBeEnabled({ timeout: 20_000 });
  await page.screenshot({ path: shot('01-upload-dialog') });
  await submit.click();
  await expect(materials.toast('添加成功')).toBeVisible();

  await expect(materials.card('clip-demo.mp4').getByTestId('material-duration')).toHaveText('00:03', {
    timeout: 20_000,
  });
  await expect(materials.card('clip-demo.mp4').locator('img')).toBeVisible();
  await expect(materials.card('产品主图.png').locator('img')).toBeVisible();
  await expect(materials.card('产品主图.png')).toContainText('使用次数：0');
  await expect(materials.card('产品主图.png')).toContainText(/过期日期：\d{4}-\d{2}-\d{2}$/);
  await page.screenshot({ path: shot('02-cards') });

  // Wrong type and too large are refused in the browser with the exact messages.
  await page.getByRole('button', { name: '添加素材' }).click();
  await materials.formDialog.locator('input[type=file]').setInputFiles(files.exe);
  await expect(materials.toast('不支持该格式')).toBeVisible();
  await materials.formDialog.locator('input[type=file]').setInputFiles(files.big);
  await expect(materials.toast('文件大小不超过300MB!')).toBeVisible();
  await materials.formDialog.getByRole('button', { name: /取\s*消/ }).click();

  // Groups and tags, then batch edits.
  await page.getByRole('button', { name: '添加分组' }).click();
  await opened(page.getByRole('dialog', { name: '添加分组' }));
  await page
    .getByRole('dialog', { name: '添加分组' })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.getByText('请输入分组名称')).toBeVisible();
  await page.getByRole('dialog', { name: '添加分组' }).getByLabel('分组名称').fill(groupName);
  await page
    .getByRole('dialog', { name: '添加分组' })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(materials.toast('添加成功')).toHaveCount(1);
  await page.getByRole('button', { name: '添加标签' }).click();
  await opened(page.getByRole('dialog', { name: '添加标签' }));
  await page.getByRole('dialog', { name: '添加标签' }).getByLabel('标签名称').fill(tagName);
  await page
    .getByRole('dialog', { name: '添加标签' })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  // The batch dialogs list groups and tags once they exist: wait for the tag dialog to finish.
  await expect(page.getByRole('dialog', { name: '添加标签' })).toBeHidden();

  await page.getByRole('button', { name: /^全\s*选$/ }).click();
  await page.getByRole('button', { name: '批量分组' }).click();
  await opened(page.getByRole('dialog', { name: '批量分组' }));
  await materials.pickOption('目标分组', groupName);
  await page
    .getByRole('dialog', { name: '批量分组' })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await page.getByRole('button', { name: '批量标签' }).click();
  await opened(page.getByRole('dialog', { name: '批量标签' }));
  await materials.pickOption('目标标签', tagName);
  await page
    .getByRole('dialog', { name: '批量标签' })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(materials.card('clip-demo.mp4')).toContainText(groupName);
  await expect(materials.card('clip-demo.mp4')).toContainText(tagName);
  await page.screenshot({ path: shot('03-grouped-tagged') });

  // Filters: name search (throttled) and type.
  await materials.search.fill('clip');
  await expect(materials.cards).toHaveCount(1);
  await materials.search.fill('');
  await expect(materials.search).toHaveValue('');
  await expect(materials.cards).toHaveCount(2);

  // Preview the video in the 950x540 player.
  await materials.card('clip-demo.mp4').getByRole('button').first().click();
  const player = page.getByTestId('video-player');
  await expect(player).toBeVisible();
  await expect(player.locator('video')).toHaveCount(1);
  await page.screenshot({ path: shot('04-preview') });
  await page.locator('.ant-modal-wrap:visible .ant-modal-close').click();
  await expect(player).toBeHidden();

  // Delete one with the singular confirmation text.
  await materials.card('产品主图.png').getByLabel('删除').click();
  await expect(
    page.getByText('素材删除后无法恢复且会导致选中该素材的剪辑任务剪辑失败，确定删除该素材？'),
  ).toBeVisible();
  await page
    .getByRole('button', { name: /确\s*定/ })
    .last()
    .click();
  await expect(materials.toast('删除成功！')).toBeVisible();
  await expect(materials.cards).toHaveCount(1);
});

test('the music dialog picks a generated system track', async ({ page, request }) => {
  // A member of its own: the upload below must not show up in the demo member's material grid.
  await signInNewMember(page, request, 'music');
  mkdirSync(shotDir, { recursive: true });
  await page.goto(ConsolePath.music);
  await expect(page.getByText('晨光 C大调').first()).toBeVisible();
  await page.getByRole('button', { name: '选择背景音乐' }).click();
  const dialog = page.getByRole('dialog', { name: '选择背景音乐' });
  await dialog.getByText('舒缓', { exact: true }).click();
  await expect(dialog.getByText('静夜 A小调')).toBeVisible();
  // The seeded tracks carry a 30–60 s video (issue 25): 静夜 is 12 bars at 72 bpm.
  await expect(dialog.getByText(/^00:[3-5]\d$/).first()).toBeVisible();
  await dialog.getByLabel('选择静夜 A小调').check();
  await dialog.getByLabel('选择海风 F大调').check(); // limit 1 replaces the choice
  await page.screenshot({ path: shot('05-music-dialog') });
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByTestId('picked-music')).toHaveText('已选：海风 F大调');

  // The member's own music: mp3 and m4a only, a file is required, then it lists under 我的音乐.
  const dir = fixtureDir('vm-music-');
  makeAudio(join(dir, '我的配乐.mp3'), { seconds: 3, frequency: 523 });
  makeAudio(join(dir, '录音.wav'), { seconds: 1, frequency: 523 });
  const materials = new MaterialsPage(page);
  await page.getByRole('button', { name: '上传音乐' }).click();
  const upload = page.getByRole('dialog', { name: '上传音乐' });
  // It names the formats music takes, not the library's.
  await expect(upload.getByText(/^支持 mp3、m4a，/)).toBeVisible();
  await upload.getByRole('button', { name: /确\s*定/ }).click();
  await expect(materials.toast('请上传文件')).toBeVisible();
  await upload.locator('input[type=file]').setInputFiles(join(dir, '录音.wav'));
  await expect(materials.toast('不支持该格式')).toBeVisible();
  await upload.locator('input[type=file]').setInputFiles(join(dir, '我的配乐.mp3'));
  await expect(upload.getByTestId('upload-item')).toHaveCount(1);
  await expect(upload.getByRole('button', { name: /确\s*定/ })).toBeEnabled();
  await upload.getByRole('button', { name: /确\s*定/ }).click();
  await expect(materials.toast('添加成功')).toBeVisible();
  await page.getByRole('tab', { name: '我的音乐' }).click();
  await expect(page.getByText('我的配乐').first()).toBeVisible();
});

test('a chosen file is listed at once and 确定 waits for its upload', async ({ page, request }) => {
  await signInNewMember(page, request, 'matwait');
  mkdirSync(shotDir, { recursive: true });
  const png = makeImage(join(fixtureDir('vm-e2e-wait-'), '门店海报.png'));
  // The uploader's code is held back: the file is chosen before anything can upload it.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/tus-uploader-*.js', async (route) => {
    await held;
    await route.continue();
  });
  const materials = new MaterialsPage(page);
  await materials.open();
  await materials.chooseFiles([png]);
  const item = materials.formDialog.getByTestId('upload-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('门店海报.png');
  await expect(item.getByTestId('upload-state')).toHaveText('准备上传');
  await expect(materials.submit).toBeDisabled();
  await page.screenshot({ path: shot('06-upload-preparing') });

  release();
  await expect(item.getByTestId('upload-state')).toHaveText('已上传');
  await expect(materials.submit).toBeEnabled();
  await page.screenshot({ path: shot('07-upload-done') });
  await materials.submit.click();
  await expect(materials.toast('添加成功')).toBeVisible();
  await expect(materials.formDialog).toBeHidden();
  await expect(materials.card('门店海报.png')).toBeVisible();
});
