import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { fixtureDir, makeImage, makeVideo } from '@vidmatrix/fixtures';
import { ClipTaskPages } from './pages/clip-task-pages.ts';
import { MaterialsPage } from './pages/materials-page.ts';
import { chooseOption, closeWithEscape } from './support/antd.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';

// Issue 24: a member picks a voice and hears its preview, a subtitle style, three titles, a logo and
// 1:1 720P in the 批量混剪 form; three videos render, each showing one of the three titles.

const shotDir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'clip-shots');
const TITLES = ['夏日上新', '限时特惠', '今日下单'];

const select = (page: Page, label: string) => page.locator('.ant-select').filter({ has: page.getByLabel(label) });

test('a mode-1 task with a chosen voice, subtitle style, three titles and a logo', async ({ page, request }) => {
  test.setTimeout(600_000);
  const dir = fixtureDir('vm-e2e-clip-style-');
  const video = makeVideo(join(dir, 'landscape.mp4'), { seconds: 3, width: 320, height: 180 });
  const logo = makeImage(join(dir, 'logo.png'), { width: 100, height: 50, color: 'lime' });
  await signInNewMember(page, request, 'style');
  const materials = new MaterialsPage(page);
  await materials.open();
  await materials.chooseFiles([video, logo]);
  await expect(materials.formDialog.getByTestId('upload-item')).toHaveCount(2);
  await expect(materials.submit).toBeEnabled({ timeout: 60_000 });
  await materials.submit.click();
  await expect(materials.toast('添加成功')).toBeVisible();
  await expect(materials.card('landscape.mp4').getByTestId('material-duration')).toHaveText('00:03', {
    timeout: 120_000,
  });
  const clip = new ClipTaskPages(page);
  await clip.newTask(1);
  await page.getByTestId('clip-template-classic').click();
  await expect(page).toHaveURL(/\/clip\/ClipVideo\?.*template=classic/);

  await page.getByLabel('任务名称').fill('样式混剪');
  await clip.pick(page.getByRole('button', { name: '选择素材' }), ['landscape.mp4']);
  await page.getByLabel('口播文案（每行一条，每条视频用一条）').fill('欢迎光临本店');
  await page.getByLabel('每条视频片段数').fill('1');
  await page.getByLabel('片段时长（秒）').fill('1');
  await page.getByLabel('生成数量').fill('3');

  // The voice, by its Chinese name, heard before anything renders.
  await chooseOption(select(page, '配音音色'), '普通话女声');
  await page.getByLabel('语速').fill('1.2');
  const previewed = page.waitForResponse((r) => r.url().includes('.BatchVideo/voicePreview'));
  await page.getByRole('button', { name: /试\s*听/ }).click();
  expect((await previewed).request().postDataJSON()).toEqual({ voice: 'cmn+f3', speed: 1.2, volume: 100 });
  const audio = page.getByTestId('voice-preview');
  // It plays: the browser decoded the sentence and its clock moved (or it already ended).
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration > 1 && (a.currentTime > 0 || a.ended)), {
      timeout: 60_000,
    })
    .toBe(true);

  await chooseOption(select(page, '字幕样式'), '综艺黄字黑边');
  await expect(page.getByLabel('字幕位置')).toHaveValue('72');
  await page.getByLabel('视频标题').fill(TITLES.join('\n'));
  await chooseOption(select(page, '标题样式'), '红底白字');
  await clip.pick(page.getByRole('button', { name: '选择台标图片' }), ['logo.png']);
  await page.locator('label', { has: page.getByRole('radio', { name: '左上' }) }).click();
  await page.locator('label', { has: page.getByRole('radio', { name: '1:1 方形' }) }).click();
  await page.locator('label', { has: page.getByRole('radio', { name: '720P' }) }).click();
  await page.getByTestId('style-swatch').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shotDir, 'clip-style-form.png'), fullPage: true });

  const added = page.waitForResponse((r) => r.url().includes('.BatchVideo/addTask'));
  await page.getByRole('button', { name: '开始剪辑' }).click();
  const response = await added;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({
    aspect: '1:1',
    resolution: 720,
    dubbing: { voice: 'cmn+f3', speed: 1.2, volume: 100 },
    titleArray: TITLES,
    logo: { corner: 'top-left', size: 15, opacity: 0.9 },
    template: { subtitle: { color: '#FFE400', outline: 6, y: 72 }, title: { box: true, boxColor: '#E60012' } },
  });

  const outputs = await clip.watchAndPlay('样式混剪', 3, join(shotDir, 'clip-style-outputs.png'));
  // Each video shows one of the three titles, all three used.
  const shown = await outputs.getByTestId('clip-output-title').allTextContents();
  expect(shown.map((t) => t.replace('标题：', '')).sort()).toEqual([...TITLES].sort());
});

test('the template page applies a seeded subtitle and title style and draws them on a still', async ({
  page,
  request,
}) => {
  // The first look previews render on the server while this runs (one ffmpeg run each for looks and transitions).
  test.setTimeout(180_000);
  await signInNewMember(page, request, 'tstyle');
  await page.goto('/clip/VideoTemplate?mode=1');
  await page.getByTestId('clip-template-bold').getByText('修改并保存为我的模板').click();
  const dialog = page.getByRole('dialog', { name: '保存为我的模板' });
  await chooseOption(select(page, '套用字幕样式'), '底部字幕条');
  await chooseOption(select(page, '标题样式'), '白字红边');
  await expect(dialog.getByLabel('字幕底框')).toBeChecked();
  const swatch = dialog.getByTestId('style-swatch');
  await expect(swatch).toContainText('字幕样式预览');
  await expect(swatch).toContainText('视频标题');
  // Each look and transition shows what it does, drawn by the server, before it is chosen.
  const looks = select(page, '色调');
  await looks.getByRole('combobox').click();
  const vintage = page.getByTestId('look-option-vintage').getByRole('img', { name: '复古效果' });
  await expect(vintage).toBeVisible();
  await expect.poll(() => vintage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(90);
  await expect(page.getByTestId('look-option-mono').getByRole('img', { name: '黑白效果' })).toBeVisible();
  await page.screenshot({ path: join(shotDir, 'clip-looks.png') });
  await chooseOption(looks, '复古');
  const transitions = select(page, '转场');
  await transitions.getByRole('combobox').fill('圆形展开');
  const strip = page.getByTestId('transition-option-circleopen').getByRole('img', { name: '圆形展开效果' });
  await expect(strip).toBeVisible();
  const url = await strip.evaluate((el) => getComputedStyle(el).backgroundImage.replace(/^url\("?|"?\)$/g, ''));
  const image = await page.request.get(url);
  expect(image.headers()['content-type']).toBe('image/jpeg');
  await page.screenshot({ path: join(shotDir, 'clip-transitions.png') });
  await transitions.getByRole('combobox').press('Enter');
  await expect(transitions.getByTitle('圆形展开', { exact: true })).toBeVisible();
  await closeWithEscape(page, page.locator('.ant-select-dropdown:visible'));

  await dialog.getByLabel('模板名称').fill('我的字幕条模板');
  await swatch.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shotDir, 'clip-style-template.png') });
  const saved = page.waitForResponse((r) => r.url().includes('.VideoTemplate/save'));
  await dialog.getByRole('button', { name: '保存模板' }).click();
  expect((await saved).request().postDataJSON()).toMatchObject({
    template: {
      subtitle: { box: true, boxOpacity: 0.65, y: 86 },
      title: { outlineColor: '#E60012', outline: 6 },
      filter: 'vintage',
      transition: { names: expect.arrayContaining(['circleopen']) },
    },
  });
  await expect(page.getByText('模板已保存')).toBeVisible();
});
