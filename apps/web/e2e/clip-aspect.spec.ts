import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { fixtureDir, makeImage } from '@vidmatrix/fixtures';
import { ClipTaskPages } from './pages/clip-task-pages.ts';
import { MaterialsPage } from './pages/materials-page.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';

// Issue 24/25: the shapes on screen follow the chosen 画面比例. The form's style still takes the
// aspect the member picks (1:1 square, 16:9 landscape), and the cards of a finished 1:1 task show
// their square poster in a square box, not small in a portrait one between black bars.

const shotDir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'clip-shots');

async function ratioOf(box: Locator): Promise<number> {
  const b = await box.boundingBox();
  if (!b) {
    throw new Error('not laid out');
  }
  return b.width / b.height;
}

test('the style still and the video cards follow the chosen aspect', async ({ page, request }) => {
  test.setTimeout(300_000);
  const dir = fixtureDir('vm-e2e-aspect-');
  await signInNewMember(page, request, 'aspect');
  const clip = new ClipTaskPages(page);
  const materials = new MaterialsPage(page);
  await materials.open();
  await materials.chooseFiles([makeImage(join(dir, '方形海报.png'), { width: 400, height: 300, color: '0x2e86de' })]);
  await expect(materials.formDialog.getByTestId('upload-item')).toHaveCount(1);
  await expect(materials.submit).toBeEnabled({ timeout: 60_000 });
  await materials.submit.click();
  await expect(materials.toast('添加成功')).toBeVisible();

  await clip.newTask(5);
  await expect(page).toHaveURL(/\/clip\/ImageVideoMode\?/);
  await page.getByLabel('任务名称').fill('端到端方形');
  await clip.pick(page.getByRole('button', { name: '选择图片' }), ['方形海报.png']);
  await page.getByRole('textbox', { name: '文案' }).fill('方形画面');
  await page.getByLabel('每条视频图片数').fill('1');
  await page.getByLabel('每张图片时长（秒）').fill('1');
  await page.getByLabel('生成数量').fill('1');

  const swatch = page.getByTestId('style-swatch');
  const aspect = page.getByRole('radiogroup', { name: '画面比例' });
  // 9:16 until another is chosen.
  expect(await ratioOf(swatch)).toBeCloseTo(9 / 16, 1);
  await aspect.getByText('16:9 横屏').click();
  await expect(swatch).toHaveAttribute('data-aspect', '16:9');
  expect(await ratioOf(swatch)).toBeCloseTo(16 / 9, 1);
  await aspect.getByText('1:1 方形').click();
  await expect(swatch).toHaveAttribute('data-aspect', '1:1');
  expect(await ratioOf(swatch)).toBeCloseTo(1, 2);
  // The square still in the middle of the view (a full-page shot repeats the fixed header mid-page).
  await swatch.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: join(shotDir, 'clip-aspect-form.png') });

  await page.getByRole('button', { name: '开始剪辑' }).click();
  const outputs = await clip.watchAndPlay('端到端方形', 1, join(shotDir, 'clip-aspect-cards-first.png'));
  const thumb = outputs.first().getByTestId('clip-output-thumb');
  // The poster is the square video's frame, and its box is square too.
  await expect
    .poll(() =>
      thumb.evaluate((img: HTMLImageElement) => (img.naturalHeight ? img.naturalWidth / img.naturalHeight : 0)),
    )
    .toBeCloseTo(1, 1);
  expect(await ratioOf(thumb)).toBeCloseTo(1, 2);
  await page.screenshot({ path: join(shotDir, 'clip-aspect-cards.png'), fullPage: true });
});
