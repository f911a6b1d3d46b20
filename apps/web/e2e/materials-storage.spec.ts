import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { StorageInfo } from '@vidmatrix/contract/api/file-setting';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import { fixtureDir, makeImage, makeVideo } from '@vidmatrix/fixtures';
import { MaterialsPage } from './pages/materials-page.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';
import { closeWithEscape, opened } from './support/antd.ts';

// Runs in the local project and again in the s3 one (playwright.config.ts): the objects the browser
// reads come from the server's /storage/ or from the bucket, and both must work the same.

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shotDir = join(repoRoot, 'test-results', 'materials-shots');

/** A PNG and a 3 s MP4 made with ffmpeg for this run. */
function makeFiles() {
  const dir = fixtureDir('vm-e2e-storage-');
  return {
    png: makeImage(join(dir, '横幅图.png')),
    mp4: makeVideo(join(dir, 'storage-clip.mp4'), { seconds: 3 }),
  };
}

/** A new member's library with one image and one processed video, uploaded through the add dialog. */
async function libraryWithImageAndVideo(page: Page, request: APIRequestContext): Promise<MaterialsPage> {
  const files = makeFiles();
  await signInNewMember(page, request, 'store');
  const materials = new MaterialsPage(page);
  await materials.open();
  await materials.chooseFiles([files.png, files.mp4]);
  await expect(materials.formDialog.getByTestId('upload-item')).toHaveCount(2);
  await expect(materials.submit).toBeEnabled({ timeout: 30_000 });
  await materials.submit.click();
  await expect(materials.toast('添加成功')).toBeVisible();
  // The duration appears once the media job has made the poster.
  await expect(materials.card('storage-clip.mp4').getByTestId('material-duration')).toHaveText('00:03', {
    timeout: 30_000,
  });
  return materials;
}

/** file.Setting/info as the signed-in member's browser reads it. */
function storageInfo(page: Page): Promise<StorageInfo> {
  return page.evaluate(
    ([header]) =>
      fetch('/api/file.Setting/info', { headers: { [header]: localStorage.getItem('memberToken') ?? '' } })
        .then((r) => r.json() as Promise<Envelope<StorageInfo>>)
        .then((body) => body.data),
    [TOKEN_HEADER] as const,
  );
}

/** Width of the image an <img> has loaded (0 while loading or when the browser refused it). */
function naturalWidth(img: Locator): Promise<number> {
  return img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));
}

test('thumbnails, the video poster and a seekable preview load from storage, and delete frees the objects', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const materials = await libraryWithImageAndVideo(page, request);
  const info = await storageInfo(page);
  // The project names the driver its server runs on.
  expect(info.driver).toBe(test.info().project.name);

  const video = materials.card('storage-clip.mp4');
  const poster = video.locator('img');
  const thumbnail = materials.card('横幅图.png').locator('img');
  for (const img of [poster, thumbnail]) {
    await expect.poll(() => img.getAttribute('src')).toContain(`${info.public_base_url}thumbs/`);
    await expect.poll(() => naturalWidth(img)).toBeGreaterThan(0);
  }
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: join(shotDir, `20-storage-grid-${info.driver}.png`) });

  // The preview streams the stored MP4 with range requests and can seek in it.
  const ranged = page.waitForResponse((r) => r.request().resourceType() === 'media' && r.status() === 206);
  await video.getByRole('button').first().click();
  const player = page.getByTestId('video-player').locator('video');
  const videoUrl = (await ranged).url();
  expect(videoUrl).toContain(`${info.public_base_url}media/`);
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(3, 0);
  const seekedTo = await player.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        v.pause();
        v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
        v.currentTime = 2;
      }),
  );
  expect(seekedTo).toBeCloseTo(2, 0);
  await page.screenshot({ path: join(shotDir, `21-storage-preview-${info.driver}.png`) });
  await page.locator('.ant-modal-wrap:visible .ant-modal-close').click();

  // Deleting the video removes its object and its poster from storage.
  const posterUrl = new URL((await poster.getAttribute('src')) ?? '', page.url()).toString();
  expect((await request.get(videoUrl)).status()).toBe(200);
  await video.getByLabel('删除').click();
  await page
    .getByRole('button', { name: /确\s*定/ })
    .last()
    .click();
  await expect(materials.toast('删除成功！')).toBeVisible();
  expect((await request.get(videoUrl)).status()).toBe(404);
  expect((await request.get(posterUrl)).status()).toBe(404);
});

test('the crop uploader picks library images only, and crops a picked one read from storage', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const materials = await libraryWithImageAndVideo(page, request);
  await page.getByRole('button', { name: '裁剪上传' }).click();
  const dialog = materials.cropDialog;
  await dialog.getByRole('button', { name: '从素材库选择' }).click();
  const picker = page.getByRole('dialog', { name: '选择素材' });
  await opened(picker);

  // The library holds a video, but a cropper takes images: the picker lists the image alone.
  const cards = picker.getByTestId('material-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('横幅图.png');
  await expect(picker.getByText('storage-clip.mp4')).toHaveCount(0);
  await expect(picker.getByText('共 1 条')).toBeVisible();
  const typeFilter = picker.locator('.ant-select').filter({ has: page.getByLabel('素材类型') });
  await expect(typeFilter).toContainText('图片');
  await typeFilter.click();
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('图片');
  await expect(page.locator('.ant-select-dropdown:visible')).not.toContainText('视频');
  await closeWithEscape(page, page.locator('.ant-select-dropdown:visible'));

  // The picked image is read back from storage and goes through the cropper.
  await cards.first().getByLabel('选择').check();
  await picker.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(picker).toBeHidden();
  await materials.confirmCrop();
  const items = dialog.getByTestId('uploader-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('横幅图.png');
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  await expect(page.getByText('共 3 条')).toBeVisible();
});
