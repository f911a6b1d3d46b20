import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { Msg } from '@vidmatrix/contract/messages';
import { fixtureDir, makeAudio, makeImage, makeVideo } from '@vidmatrix/fixtures';
import { ClipTaskPages } from './pages/clip-task-pages.ts';
import { MaterialsPage } from './pages/materials-page.ts';
import { chooseOption } from './support/antd.ts';
import {
  boundsOf,
  countPixels,
  deleteMaterial,
  downloadOutputs,
  frameSignature,
  maskDifference,
  pixelMask,
  rgbFrames,
  signatureDistance,
  storedComboKeys,
  type Region,
  type RgbFrame,
} from './support/clip-outputs.ts';
import { expect, test } from './support/fixtures.ts';
import { signInNewMember } from './support/members.ts';

// Issue 24's done-when in one task. A member with five landscape cards and two landscape clips, each
// with its subject (a magenta block) well off centre, and a logo, makes a 批量混剪 task with the 柔和转场
// template (blurred fill): a pool of the two clips is refused with the one video it allows; in 分组 (the
// cards, then the clips: 5 × 2 combinations) eleven videos are refused with ten, and own music deleted
// after it was picked with 音乐不存在或已被删除. The member picks a voice and hears it, 综艺黄字黑边, three
// titles in 红底白字, the logo at 左上, 1:1 and 720P (capped by the e2e server's 180×320 frame to 180×180),
// and ten render. The ten are distinct (ten combinations stored, ten file hashes, each pair looks
// different decoded) and each, read back with ffmpeg, is square with the subject in the picture in both
// of its shots, yellow subtitles where the style puts them, the logo in its corner, a red title bar whose
// lettering is the same for the same title and differs between titles, all three titles used. They
// play, land in the material library (group 剪辑成片/<task name>) and open in batch publishing.

/** Card backgrounds whose gray levels lie far apart (34, 84, 127, 171, 195), none yellow, red or white. */
const CARDS = ['0x1a1a60', '0x6040a0', '0x30b050', '0xf0a030', '0x80e0e0'];
/** The clips' backgrounds: dark and mid gray, so two videos of one card still look different. */
const CLIP_BACKGROUNDS = ['0x202020', '0x909090'];
/** The subject: a magenta block, at 8–20 % of the width on the cards and 78–90 % in the clips (a centre crop loses it). */
const SUBJECT = 'magenta';
/** Mean absolute gray difference (0–255) above which two glances tell the videos apart. */
const VISIBLY_DIFFERENT = 8;
const TITLES = ['夏日上新', '限时特惠', '今日下单'];
/** Where the spec leaves its screenshots for a person to look at. */
const shotDir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'clip-shots');

const select = (page: Page, label: string) => page.locator('.ant-select').filter({ has: page.getByLabel(label) });
const isSubject = (r: number, g: number, b: number) => r > 170 && b > 170 && g < 100;
const isYellow = (r: number, g: number, b: number) => r > 200 && g > 190 && b < 110;
const isLogo = (r: number, g: number, b: number) => b > 170 && r < 90 && g > 110 && g < 210;
const isTitleBar = (r: number, g: number, b: number) => r > 170 && g < 70 && b < 70;

test('a mode-1 task with a voice, styles, three titles and a logo renders ten distinct square videos into the library', async ({
  page,
  request,
}) => {
  test.setTimeout(600_000);
  const dir = fixtureDir('vm-e2e-clip-');
  const box = (x: number) => `drawbox=x=${x}:y=60:w=36:h=60:color=${SUBJECT}:t=fill`;
  const cards = CARDS.map((color, i) =>
    makeImage(join(dir, `色卡${i + 1}.png`), { width: 320, height: 180, color, filter: box(28) }),
  );
  // 3 s clips in 2 s segments: one window each, so the clips group offers two choices.
  const clips = CLIP_BACKGROUNDS.map((color, i) =>
    makeVideo(join(dir, `clip-${'ab'[i]}.mp4`), {
      seconds: 3,
      width: 320,
      height: 180,
      pattern: 'color',
      filter: `drawbox=x=0:y=0:w=iw:h=ih:color=${color}:t=fill,${box(252)}`,
    }),
  );
  const logo = makeImage(join(dir, 'logo.png'), { width: 100, height: 50, color: '0x0090ff' });
  const music = makeAudio(join(dir, '端到端配乐.mp3'), { seconds: 1 });
  await signInNewMember(page, request, 'clip');
  const materials = new MaterialsPage(page);
  await materials.open();
  await materials.chooseFiles([...cards, ...clips, logo, music]);
  await expect(materials.formDialog.getByTestId('upload-item')).toHaveCount(9);
  await expect(materials.submit).toBeEnabled({ timeout: 30_000 });
  await materials.submit.click();
  await expect(materials.toast('添加成功')).toBeVisible();
  for (const name of ['clip-a.mp4', 'clip-b.mp4']) {
    await expect(materials.card(name).getByTestId('material-duration')).toHaveText('00:03', { timeout: 60_000 });
  }

  const clip = new ClipTaskPages(page);
  await clip.newTask(1);
  await expect(page).toHaveURL(/\/clip\/VideoTemplate\?/);
  await page.getByTestId('clip-template-smooth').click();
  await expect(page).toHaveURL(/\/clip\/ClipVideo\?.*template=smooth/);
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

  // Music deleted after it was picked is refused through the form; the task then goes without it.
  await page.getByRole('button', { name: '选择背景音乐' }).click();
  const musicDialog = page.getByRole('dialog', { name: '选择背景音乐' });
  await musicDialog.getByRole('tab', { name: '我的音乐' }).click();
  await musicDialog.getByLabel(/^选择端到端配乐/).check();
  await musicDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(musicDialog).toBeHidden();
  const picked = page.locator('.ant-tag').filter({ hasText: '端到端配乐' });
  await expect(picked).toBeVisible();
  await deleteMaterial(page, '端到端配乐.mp3');
  await page.getByRole('button', { name: '开始剪辑' }).click();
  await expect(materials.toast(Msg.clipMusicMissing)).toBeVisible();
  await picked.locator('.ant-tag-close-icon').click();
  await expect(picked).toBeHidden();

  // The voice, by its Chinese name, heard before anything renders.
  await chooseOption(select(page, '配音音色'), '普通话女声');
  await page.getByLabel('语速').fill('1.2');
  const previewed = page.waitForResponse((r) => r.url().includes('.BatchVideo/voicePreview'));
  await page.getByRole('button', { name: /试\s*听/ }).click();
  expect((await previewed).request().postDataJSON()).toEqual({ voice: 'cmn+f3', speed: 1.2, volume: 100 });
  // It plays: the browser decoded the sentence and its clock moved (or it already ended).
  await expect
    .poll(
      () =>
        page
          .getByTestId('voice-preview')
          .evaluate((a: HTMLAudioElement) => a.duration > 1 && (a.currentTime > 0 || a.ended)),
      { timeout: 60_000 },
    )
    .toBe(true);
  await chooseOption(select(page, '字幕样式'), '综艺黄字黑边');
  await expect(page.getByLabel('字幕位置')).toHaveValue('72');
  await page.getByLabel('视频标题').fill(TITLES.join('\n'));
  await chooseOption(select(page, '标题样式'), '红底白字');
  await clip.pick(page.getByRole('button', { name: '选择台标图片' }), ['logo.png']);
  await page.locator('label', { has: page.getByRole('radio', { name: '左上' }) }).click();
  await page.locator('label', { has: page.getByRole('radio', { name: '1:1 方形' }) }).click();
  await page.locator('label', { has: page.getByRole('radio', { name: '720P' }) }).click();
  await page.screenshot({ path: join(shotDir, 'mode1-form.png'), fullPage: true });

  const added = page.waitForResponse((r) => r.url().includes('.BatchVideo/addTask'));
  await page.getByRole('button', { name: '开始剪辑' }).click();
  const response = await added;
  expect(response.request().postDataJSON()).toMatchObject({
    groups: [{ name: '开头' }, { name: '中间' }],
    dedup: { mirror: true, color: true, crop: false, speed: false, frameRate: false, stripMetadata: true },
    aspect: '1:1',
    resolution: 720,
    dubbing: { voice: 'cmn+f3', speed: 1.2, volume: 100 },
    titleArray: TITLES,
    logo: { corner: 'top-left', size: 15, opacity: 0.9 },
    template: {
      fit: 'blur',
      subtitle: { color: '#FFE400', outline: 6, y: 72 },
      title: { box: true, boxColor: '#E60012' },
    },
  });
  const taskId = ((await response.json()) as { data: { id: number } }).data.id;

  const outputs = await clip.watchAndPlay('端到端混剪', 10, join(shotDir, 'mode1-outputs.png'));
  await expect(outputs).toHaveCount(10);
  // Each card shows one of the three titles, all three used.
  const shown = (await outputs.getByTestId('clip-output-title').allTextContents()).map((t) => t.replace('标题：', ''));
  expect(new Set(shown)).toEqual(new Set(TITLES));

  // Ten combinations stored with the plans, ten different files, and ten videos that look different, pair by pair.
  expect(new Set(await storedComboKeys(taskId)).size).toBe(10);
  const videos = await downloadOutputs(page, taskId, dir);
  expect(new Set(videos.map((v) => createHash('sha256').update(readFileSync(v.file)).digest('hex'))).size).toBe(10);
  const signatures = videos.map((v) => frameSignature(v.file));
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

  // Read back with ffmpeg: a frame inside each shot (the card's, then the clip's) of every video.
  const letterings = new Map<string, boolean[]>();
  let bar: Region | undefined;
  for (const [i, video] of videos.entries()) {
    const frames = rgbFrames(video.file, [0.25, 0.75]);
    const [card, shot] = frames as [RgbFrame, RgbFrame];
    const seen = (region: Region, test: (r: number, g: number, b: number) => boolean) =>
      frames.map((f) => countPixels(f, region, test));
    const at = `video ${i + 1}`;
    expect([card.width, card.height], at).toEqual([180, 180]);
    // The landscape picture sits whole in the middle band (blurred fill above and below): the subject is in it, in both shots.
    for (const count of seen([0, 0.25, 1, 0.75], isSubject)) {
      expect(count, `${at}: subject pixels`).toBeGreaterThan(300);
    }
    // 综艺黄字黑边 at 72 % of the height; nothing yellow above the middle.
    expect(countPixels(card, [0, 0.6, 1, 0.84], isYellow), `${at}: subtitle pixels`).toBeGreaterThan(20);
    expect(countPixels(card, [0, 0, 1, 0.5], isYellow), `${at}: yellow above`).toBe(0);
    // The logo at 左上, nowhere else.
    for (const count of seen([0, 0, 0.25, 0.2], isLogo)) {
      expect(count, `${at}: logo pixels top left`).toBeGreaterThan(150);
    }
    expect(countPixels(shot, [0.75, 0, 1, 0.2], isLogo) + countPixels(shot, [0, 0.8, 1, 1], isLogo), at).toBe(0);
    // 红底白字 at the top in both shots; its white lettering the same for one title.
    for (const count of seen([0.2, 0, 0.8, 0.25], isTitleBar)) {
      expect(count, `${at}: title bar pixels`).toBeGreaterThan(200);
    }
    // The lettering: the pixels brighter in green than the red bar, inside the first video's bar (four
    // characters make one width); the same for one title up to a few pixels of compression, else not.
    bar ??= boundsOf(card, [0.2, 0, 0.8, 0.25], isTitleBar);
    const lettering = pixelMask(card, bar, (_r, g) => g > 128);
    expect(lettering.filter(Boolean).length, `${at}: title lettering`).toBeGreaterThan(50);
    const first = letterings.get(video.title);
    if (first) {
      expect(maskDifference(first, lettering), `${at}: same title, same lettering`).toBeLessThan(0.2);
    } else {
      letterings.set(video.title, lettering);
    }
  }
  expect([...letterings.keys()].sort()).toEqual([...TITLES].sort());
  const drawn = [...letterings.values()];
  drawn.forEach((a, i) =>
    drawn.slice(i + 1).forEach((b) => expect(maskDifference(a, b), 'different titles').toBeGreaterThan(0.4)),
  );

  await materials.open();
  // The grid fills the window and draws only the rows in view: narrowed to the two names looked for.
  await materials.search.fill('端到端混剪-1');
  await materials.search.press('Enter');
  await expect(materials.card('端到端混剪-1.mp4')).toBeVisible();
  await expect(materials.card('端到端混剪-10.mp4')).toBeVisible();

  // 去发布 opens batch publishing with the task's videos chosen.
  await page.goto(ConsolePath.clipTasks);
  await clip.row('端到端混剪').getByRole('button', { name: '去发布' }).click();
  await expect(page).toHaveURL(/\/publish\/batch\?materials=(\d+,){9}\d+$/);
  await expect(page.getByTestId('chosen-video')).toHaveCount(10);
});
