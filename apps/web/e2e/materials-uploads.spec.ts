import { copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page, Request, Route } from '@playwright/test';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { formatDuration } from '@vidmatrix/contract/rules/format';
import { exeBytes, fixtureDir, makeAudio, makeGif, makeImage, sparseFile } from '@vidmatrix/fixtures';
import { ConsolePage } from './pages/console-page.ts';
import { DashboardPage } from './pages/dashboard-page.ts';
import { MaterialsPage } from './pages/materials-page.ts';
import { expect, test, useToken } from './support/fixtures.ts';
import { leaveFreeSpace, signInNewMember } from './support/members.ts';
import { closeWithEscape, opened } from './support/antd.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');
const shotDir = join(repoRoot, 'test-results', 'materials-shots');
const shot = (name: string) => join(shotDir, `${name}.png`);
/** Where tus PATCHes go (the upload URL under file.Setting/info upload_endpoint). */
const TUS_PATH = '/api/file.Upload/tus/';

/** Media made with ffmpeg for this run. */
function makeFiles() {
  const dir = fixtureDir('vm-e2e-uploads-');
  const png = makeImage(join(dir, '封面原图.png'), { width: 800, height: 600 });
  const pngs = Array.from({ length: 10 }, (_, i) => {
    const copy = join(dir, `图${i + 1}.png`);
    copyFileSync(png, copy);
    return copy;
  });
  const exe = join(dir, 'setup.exe');
  writeFileSync(exe, exeBytes());
  return {
    dir,
    png,
    pngs,
    gif: makeGif(join(dir, 'moving.gif')),
    mp3: makeAudio(join(dir, '口播配乐.mp3'), { seconds: 5, bitrate: '64k' }),
    exe,
    // Sparse: the browser refuses them by size before reading a byte.
    big: sparseFile(join(dir, 'big.mp4'), 300 * 1024 * 1024),
    bigPng: sparseFile(join(dir, 'big.png'), 100 * 1024 * 1024),
  };
}

/** Bytes per second of 44.1 kHz 16-bit stereo PCM. */
const WAV_BYTES_PER_SECOND = 44_100 * 2 * 2;

/**
 * A WAV longer than one tus chunk (file.Setting/info chunk_size, read from the server), so its upload
 * takes at least two PATCHes; resolves with its path, its length in whole seconds and the chunk size.
 */
async function makeWavOverOneChunk(
  page: Page,
  dir: string,
): Promise<{ wav: string; seconds: number; chunkSize: number }> {
  const info = await page.evaluate(
    ([header]) =>
      fetch('/api/file.Setting/info', { headers: { [header]: localStorage.getItem('memberToken') ?? '' } }).then(
        (r) => r.json() as Promise<{ data: { chunk_size: number } }>,
      ),
    [TOKEN_HEADER] as const,
  );
  const seconds = Math.ceil((info.data.chunk_size * 1.5) / WAV_BYTES_PER_SECOND);
  const wav = makeAudio(join(dir, '长音频.wav'), { seconds, frequency: 330, channels: 2, sampleRate: 44_100 });
  return { wav, seconds, chunkSize: info.data.chunk_size };
}

/** Holds the `nth` tus PATCH of the page (it never reaches the server) until `release`. */
async function holdPatch(page: Page, nth: number): Promise<{ held: Promise<void>; release: () => Promise<void> }> {
  let patches = 0;
  let route: Route | undefined;
  let onHeld = () => {};
  const held = new Promise<void>((resolve) => {
    onHeld = resolve;
  });
  // Registered (awaited) before a file is chosen, so no PATCH can slip past it.
  await page.route(`**${TUS_PATH}*`, async (r) => {
    if (r.request().method() === 'PATCH' && ++patches === nth) {
      route = r;
      onHeld();
      return;
    }
    await r.continue();
  });
  return {
    held,
    release: async () => {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await route?.abort().catch(() => undefined);
    },
  };
}

/** The tus requests the page sends from now on: method, and the offsets a PATCH started and ended at. */
function watchTus(page: Page) {
  const requests: { method: string; from: number; to: number }[] = [];
  const record = async (req: Request) => {
    if (!req.url().includes('/api/file.Upload/tus')) {
      return;
    }
    const response = await req.response();
    requests.push({
      method: req.method(),
      from: Number(req.headers()['upload-offset'] ?? NaN),
      to: Number(response?.headers()['upload-offset'] ?? NaN),
    });
  };
  const onFinished = (req: Request) => void record(req);
  page.on('requestfinished', onFinished);
  return {
    requests,
    /** Bytes the PATCHes carried. */
    sent: () => requests.filter((r) => r.method === 'PATCH').reduce((sum, r) => sum + r.to - r.from, 0),
    stop: () => page.off('requestfinished', onFinished),
  };
}

/** The uploads this browser keeps to continue after a reload (IndexedDB vidmatrix-uploads). */
function keptUploads(page: Page): Promise<{ name: string; member: string; hasUrl: boolean }[]> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it empty: look first.
    if (!(await indexedDB.databases()).some((d) => d.name === 'vidmatrix-uploads')) {
      return [];
    }
    return new Promise((resolve, reject) => {
      const open = indexedDB.open('vidmatrix-uploads');
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction(['files', 'urls']);
        const files = tx.objectStore('files').getAll() as IDBRequest<{ id: string; member: string; file: File }[]>;
        const urls = tx.objectStore('urls').getAll() as IDBRequest<{ id: string }[]>;
        tx.oncomplete = () => {
          db.close();
          const withUrl = new Set(urls.result.map((u) => u.id));
          resolve(files.result.map((f) => ({ name: f.file.name, member: f.member, hasUrl: withUrl.has(f.id) })));
        };
      };
    });
  });
}

/** Makes the page's storage estimate report a full quota while sessionStorage holds `e2e-storage-full`. */
async function simulateFullStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-storage-full')) {
      Object.defineProperty(StorageManager.prototype, 'estimate', {
        value: () => Promise.resolve({ quota: 1024, usage: 1024 }),
      });
    }
  });
}

/** Width ÷ height of the image at `url`, read in the page. */
function aspectOf(page: Page, url: string): Promise<number> {
  return page.evaluate(
    (src) =>
      new Promise<number>((resolve, reject) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth / img.naturalHeight);
        img.onerror = reject;
        img.src = src;
      }),
    url,
  );
}

/** Resolves with the file_url of the next general-uploader upload (multipart file.File/add). */
async function nextUploadUrl(page: Page): Promise<string> {
  const response = await page.waitForResponse(
    (r) =>
      r.url().includes('/api/file.File/add') && (r.request().headers()['content-type'] ?? '').includes('multipart'),
  );
  const body = (await response.json()) as { data: { file_url: string } };
  return body.data.file_url;
}

test.beforeAll(() => mkdirSync(shotDir, { recursive: true }));

test('mp3 and a resumed upload, space used, every refusal, and another member sees none of it', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const files = makeFiles();
  const account = await signInNewMember(page, request, 'mat');
  const { wav, seconds, chunkSize } = await makeWavOverOneChunk(page, files.dir);
  // The same audio under another name: a different upload, for the choose-again path.
  const reselectWav = join(files.dir, '重选音频.wav');
  copyFileSync(wav, reselectWav);
  await simulateFullStorage(page);
  const materials = new MaterialsPage(page);
  const dashboard = new DashboardPage(page);
  const run = Date.now().toString(36).slice(-5);

  await dashboard.goto();
  await expect(dashboard.remainingSpace).toContainText('1.0 GB / 1.0 GB');
  const spaceAtStart = await dashboard.remainingSpace.textContent();

  // §5.1 refusals in the add dialog, each with its exact message; nothing starts uploading.
  await materials.open();
  await materials.openAddDialog();
  const input = materials.formDialog.locator('input[type=file]');
  await input.setInputFiles(files.exe);
  await expect(materials.toast('不支持该格式')).toBeVisible();
  await input.setInputFiles(files.big);
  await expect(materials.toast('文件大小不超过300MB!')).toBeVisible();
  await input.setInputFiles(files.pngs);
  await expect(materials.toast('最多上传9个文件')).toBeVisible();
  await expect(materials.formDialog.getByTestId('upload-item')).toHaveCount(0);
  await materials.submit.click();
  await expect(materials.toast('请上传文件')).toBeVisible();
  await page.screenshot({ path: shot('10-refusals') });
  await materials.formDialog.getByRole('button', { name: /取\s*消/ }).click();

  // §5.3: group and tag names are required.
  await page.getByRole('button', { name: '添加标签' }).click();
  const tagDialog = page.getByRole('dialog', { name: '添加标签' });
  await tagDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(tagDialog.getByText('请输入标签名称')).toBeVisible();
  await tagDialog.getByLabel('标签名称').fill(`私有标签${run}`);
  await tagDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(tagDialog).toBeHidden();
  await page.getByRole('button', { name: '添加分组' }).click();
  const groupDialog = page.getByRole('dialog', { name: '添加分组' });
  await groupDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(groupDialog.getByText('请输入分组名称')).toBeVisible();
  await groupDialog.getByLabel('分组名称').fill(`私有分组${run}`);
  await groupDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(groupDialog).toBeHidden();

  // An upload interrupted after its first chunk: the second PATCH never reaches the server, and the
  // page goes away once this browser keeps the file and its tus URL.
  const first = await holdPatch(page, 2);
  await materials.chooseFiles([wav]);
  await first.held;
  await expect(materials.formDialog.getByTestId('upload-item')).toContainText('长音频.wav');
  // 素材类型 follows the file chosen (it opens on 图片).
  await expect(materials.formDialog.getByRole('radio', { name: '音频' })).toBeChecked();
  await expect.poll(() => keptUploads(page)).toEqual([{ name: '长音频.wav', member: account, hasUrl: true }]);
  await page.reload();
  await first.release();

  // After the reload the page offers it again; 继续上传 continues it without choosing the file: the
  // server is asked for its offset (no new upload) and only the bytes after the first chunk go up.
  const tus = watchTus(page);
  const notice = page.getByTestId('pending-uploads');
  await expect(notice).toContainText('有 1 个未完成的上传');
  await expect(notice).toContainText('长音频.wav');
  await page.screenshot({ path: shot('resume-1-notice') });
  await notice.getByRole('button', { name: '继续上传' }).click();
  await expect(notice).toBeHidden();
  const resumedItem = materials.formDialog.getByTestId('upload-item');
  await expect(resumedItem).toHaveCount(1);
  await expect(resumedItem).toContainText('长音频.wav');
  await expect(materials.formDialog.getByRole('radio', { name: '音频' })).toBeChecked();
  await page.screenshot({ path: shot('resume-2-dialog') });
  await expect(materials.submit).toBeEnabled({ timeout: 30_000 });
  const wavSize = statSync(wav).size;
  await expect.poll(() => tus.sent(), 'bytes sent after the reload').toBe(wavSize - chunkSize);
  tus.stop();
  const methods = tus.requests.map((r) => r.method);
  expect(methods, 'no new upload').not.toContain('POST');
  expect(tus.requests.find((r) => r.method === 'HEAD')?.to, 'offset the server had').toBe(chunkSize);
  expect(Math.min(...tus.requests.filter((r) => r.method === 'PATCH').map((r) => r.from))).toBe(chunkSize);
  expect(Math.max(...tus.requests.map((r) => r.to))).toBe(wavSize);
  await expect(resumedItem.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await materials.submit.click();
  await expect(materials.toast('添加成功')).toBeVisible();
  await expect.poll(() => keptUploads(page), 'nothing kept once uploaded').toEqual([]);

  // Where the browser cannot keep a file (its quota is full), the item says so; after a reload that
  // file is offered nowhere, and choosing it again resumes it from the server's offset.
  await page.evaluate(() => sessionStorage.setItem('e2e-storage-full', '1'));
  await page.reload();
  const second = await holdPatch(page, 2);
  await materials.chooseFiles([reselectWav]);
  await second.held;
  await expect(materials.formDialog.getByTestId('upload-unkept')).toContainText('浏览器存储空间不足');
  await page.screenshot({ path: shot('resume-3-not-kept') });
  expect(await keptUploads(page)).toEqual([]);
  await page.evaluate(() => sessionStorage.removeItem('e2e-storage-full'));
  await page.reload();
  await second.release();
  const firstOffsets = new Map<string, number>();
  const onRequest = (req: Request) => {
    if (req.url().includes(TUS_PATH) && req.method() === 'PATCH' && !firstOffsets.has(req.url())) {
      firstOffsets.set(req.url(), Number(req.headers()['upload-offset']));
    }
  };
  page.on('request', onRequest);
  await materials.openAddDialog();
  await expect(notice).toBeHidden();
  await materials.formDialog.getByRole('radio', { name: '音频' }).check();
  await materials.formDialog.locator('input[type=file]').setInputFiles([reselectWav, files.mp3]);
  await expect(materials.formDialog.getByTestId('upload-item')).toHaveCount(2);
  await expect(materials.submit).toBeEnabled({ timeout: 30_000 });
  page.off('request', onRequest);
  // The mp3 starts at 0; the reselected wav's first PATCH starts where the server stopped.
  expect([...firstOffsets.values()].sort((a, b) => a - b)).toEqual([0, chunkSize]);
  await materials.submit.click();
  await expect(materials.toast('添加成功')).toBeVisible();

  // Durations of both audio files, read by the media job.
  await expect(materials.card('口播配乐.mp3').getByTestId('material-duration')).toHaveText('00:05', {
    timeout: 30_000,
  });
  await expect(materials.card('长音频.wav').getByTestId('material-duration')).toHaveText(formatDuration(seconds), {
    timeout: 30_000,
  });
  await expect(materials.card('重选音频.wav').getByTestId('material-duration')).toHaveText(formatDuration(seconds), {
    timeout: 30_000,
  });
  await page.screenshot({ path: shot('11-audio-cards') });

  // Space used follows uploads and deletes.
  await dashboard.goto();
  await expect(dashboard.remainingSpace).not.toHaveText(spaceAtStart ?? '');
  const spaceAfterUpload = await dashboard.remainingSpace.textContent();
  await materials.open();
  await materials.card('长音频.wav').getByLabel('删除').click();
  await page
    .getByRole('button', { name: /确\s*定/ })
    .last()
    .click();
  await expect(materials.toast('删除成功！')).toBeVisible();
  await dashboard.goto();
  await expect(dashboard.remainingSpace).not.toHaveText(spaceAfterUpload ?? '');

  // An account whose space is nearly full is refused before anything uploads.
  await leaveFreeSpace(account, 1000);
  await materials.open();
  await materials.chooseFiles([files.png]);
  await expect(materials.toast('您的账号云空间容量已超过限制!')).toBeVisible();
  await expect(materials.formDialog.getByTestId('upload-item')).toHaveCount(0);
  await materials.formDialog.getByRole('button', { name: /取\s*消/ }).click();

  // With no free space at all, 添加素材 says so and opens nothing (SPEC §5.3).
  await leaveFreeSpace(account, 0);
  await page.getByTestId('material-add').click();
  await expect(materials.toast('您的账号云空间容量已超过限制!').last()).toBeVisible();
  await expect(materials.formDialog).toBeHidden();
  await page.screenshot({ path: join(shotDir, 'add-without-space.png') });

  // Another member sees none of it: no materials, no groups, no tags.
  await signInNewMember(page, request, 'other');
  await materials.open();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await expect(materials.cards).toHaveCount(0);
  await page.getByRole('combobox', { name: '分组', exact: true }).click({ force: true });
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('全部分组');
  await expect(page.locator('.ant-select-dropdown:visible')).not.toContainText(`私有分组${run}`);
  await closeWithEscape(page, page.locator('.ant-select-dropdown:visible'));
  await page.getByRole('button', { name: '分组/标签管理' }).click();
  await expect(page.getByRole('dialog', { name: '分组/标签管理' })).not.toContainText(`私有标签${run}`);
});

/** Chooses `file` in the add dialog, holds its first PATCH until this browser keeps it, then reloads. */
async function interruptUpload(page: Page, materials: MaterialsPage, file: string, member: string): Promise<void> {
  const hold = await holdPatch(page, 1);
  await materials.chooseFiles([file]);
  await hold.held;
  await expect
    .poll(async () => (await keptUploads(page)).map((u) => [u.name, u.member]))
    .toEqual([[basename(file), member]]);
  await page.reload();
  await hold.release();
}

test('a kept upload is offered to its member only; cancel, 放弃 and signing out forget it', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const files = makeFiles();
  const owner = await signInNewMember(page, request, 'keep');
  const ownerToken = (await page.evaluate(() => localStorage.getItem('memberToken'))) ?? '';
  const materials = new MaterialsPage(page);
  const notice = page.getByTestId('pending-uploads');
  await materials.open();
  await interruptUpload(page, materials, files.png, owner);
  await expect(notice).toContainText('封面原图.png');

  // Another member on this browser is not offered it.
  await signInNewMember(page, request, 'keepother');
  await materials.open();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await expect(notice).toBeHidden();

  // The owner still is. Continued and then cancelled (取消 while it uploads), it is gone for good.
  await useToken(page, ownerToken, owner);
  await materials.open();
  await expect(notice).toContainText('封面原图.png');
  const hold = await holdPatch(page, 1);
  await notice.getByRole('button', { name: '继续上传' }).click();
  await hold.held;
  const terminated = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().includes(TUS_PATH));
  await materials.formDialog.getByRole('button', { name: /取\s*消/ }).click();
  await terminated;
  await hold.release();
  await expect.poll(() => keptUploads(page)).toEqual([]);
  await expect(notice).toBeHidden();

  // 放弃 (confirmed) terminates the server's upload and forgets the file.
  await interruptUpload(page, materials, files.pngs[0] ?? files.png, owner);
  await expect(notice).toContainText('图1.png');
  const discarded = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().includes(TUS_PATH));
  await notice.getByRole('button', { name: /放\s*弃/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await discarded;
  await expect(notice).toBeHidden();
  await expect.poll(() => keptUploads(page)).toEqual([]);

  // Signing out forgets the member's kept files and tus fingerprints.
  await interruptUpload(page, materials, files.pngs[1] ?? files.png, owner);
  await expect(notice).toContainText('图2.png');
  await new ConsolePage(page).logoutButton.click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(await keptUploads(page)).toEqual([]);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('tus::')))).toEqual([]);
});

test('crop upload (1.6:1 and 4:3) with reselect and delete, and picking library images', async ({ page, request }) => {
  test.setTimeout(300_000);
  const files = makeFiles();
  await signInNewMember(page, request, 'crop');
  const materials = new MaterialsPage(page);
  await materials.open();
  // Eight library images to pick from.
  await materials.chooseFiles(files.pngs.slice(0, 8));
  await expect(materials.formDialog.getByTestId('upload-item')).toHaveCount(8);
  await expect(materials.submit).toBeEnabled({ timeout: 30_000 });
  await materials.submit.click();
  await expect(materials.toast('添加成功')).toBeVisible();
  await expect(materials.cards).toHaveCount(8);

  await page.getByRole('button', { name: '裁剪上传' }).click();
  const dialog = materials.cropDialog;
  const input = dialog.locator('input[type=file]').first();
  await input.setInputFiles(files.gif);
  await expect(materials.toast('不支持gif格式的图片')).toBeVisible();
  await input.setInputFiles(files.bigPng);
  await expect(materials.toast('图片/文件大小不超过100MB!')).toBeVisible();

  // 1.6:1: the stored image has the cropped ratio; the list shows its name and size.
  const wideUrl = nextUploadUrl(page);
  await input.setInputFiles(files.png);
  await page.screenshot({ path: shot('12-cropper') });
  await materials.confirmCrop();
  const items = dialog.getByTestId('uploader-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('封面原图.png');
  await expect(items.first()).toContainText(/\d+(\.\d)? (KB|MB)/);
  expect(await aspectOf(page, await wideUrl)).toBeCloseTo(1.6, 1);

  // Reselect at 4:3 replaces the file (and the material it made).
  await dialog.getByText('4:3', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: '4:3' })).toBeChecked();
  const classicUrl = nextUploadUrl(page);
  await items
    .first()
    .locator('input[type=file]')
    .setInputFiles(files.pngs[9] ?? files.png);
  await materials.confirmCrop();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('图10.png');
  expect(await aspectOf(page, await classicUrl)).toBeCloseTo(4 / 3, 1);

  // The picker: nothing chosen → 请选择素材; more than the 8 free slots → 超出个数限制.
  await dialog.getByRole('button', { name: '从素材库选择' }).click();
  const picker = page.getByRole('dialog', { name: '选择素材' });
  await opened(picker);
  await expect(picker.getByTestId('material-card')).toHaveCount(9);
  await picker.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(materials.toast('请选择素材')).toBeVisible();
  await picker.getByRole('button', { name: /^全\s*选$/ }).click();
  await expect(materials.toast('超出个数限制')).toBeVisible();
  const cards = picker.getByTestId('material-card').filter({ hasText: /^图[1-8]\.png/ });
  await expect(cards).toHaveCount(8);
  for (let i = 0; i < 8; i++) {
    await cards.nth(i).getByLabel('选择').check();
  }
  await expect(picker.getByText('已选 8 个')).toBeVisible();
  await page.screenshot({ path: shot('13-picker') });
  await picker.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(picker).toBeHidden();

  // Each picked image goes through the cropper in turn.
  for (let i = 0; i < 8; i++) {
    await materials.confirmCrop();
    await expect(items).toHaveCount(i + 2);
  }
  await input.setInputFiles(files.png);
  await expect(materials.toast('最多上传9个图片/文件')).toBeVisible();
  await page.screenshot({ path: shot('14-crop-dialog') });

  // Delete removes the file and the material it made.
  await items.first().getByLabel('删除').click();
  await expect(items).toHaveCount(8);
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  // 8 library images + 8 crops of them; the wide crop was reselected away and the 4:3 one deleted.
  // The grid mounts only the rows in view, so the pager's total tells.
  await expect(page.getByText('共 16 条')).toBeVisible();
  await page.goto(ConsolePath.materials);
  await expect(page.getByText('共 16 条')).toBeVisible();
});
