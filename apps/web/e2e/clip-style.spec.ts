import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { chooseOption, closeWithEscape } from './support/antd.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';

// The template page's styles, looks and transitions. The form's voice, subtitle style, titles, logo and
// 1:1 720P are chosen in clip.spec.ts's ten-video task, which reads them back from the rendered files.

const shotDir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'clip-shots');

const select = (page: Page, label: string) => page.locator('.ant-select').filter({ has: page.getByLabel(label) });

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
