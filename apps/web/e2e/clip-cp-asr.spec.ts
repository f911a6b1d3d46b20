import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { AuthApi } from '@vidmatrix/contract/api/auth-paths';
import type { LoginResult } from '@vidmatrix/contract/api/auth';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import {
  ffmpeg,
  ffmpegCommand,
  fixtureDir,
  startTranscriptionImitation,
  type TranscriptionImitation,
} from '@vidmatrix/fixtures';
import { ClipTaskPages } from './pages/clip-task-pages.ts';
import { downloadOutputs } from './support/clip-outputs.ts';
import { expect, test, useToken } from './support/fixtures.ts';
import { OwnServer } from './support/own-server.ts';

// CP拆拼 with 保留原声 and a speech-recognition service (issue 24): the form says the sources' sound
// writes the subtitles, and each video shows what was said in its shots. The shared e2e server has no
// recogniser, so this spec runs a server of its own pointed at a local imitation of an OpenAI-compatible
// /audio/transcriptions endpoint (@vidmatrix/fixtures), which "hears" the same lines in any source.

const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';
const KEY = 'e2e-asr';
const HEARD = [
  { start: 0.2, end: 1.8, text: '欢迎光临' },
  { start: 2.7, end: 3.9, text: '今天特价' },
];
// A port of this spec's own, next to the shared e2e server's.
const port = Number(process.env.E2E_PORT ?? 18080) + 10;
let server: OwnServer;
let asr: TranscriptionImitation;

test.use({ baseURL: `http://127.0.0.1:${port}` });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  asr = await startTranscriptionImitation({ key: KEY, segments: HEARD });
  server = new OwnServer(port, 'own-demo-123', {
    ASR_BASE_URL: asr.url,
    ASR_API_KEY: KEY,
    ASR_MODEL: 'whisper-1',
    // Small videos, as on the shared e2e server.
    CLIP_HEIGHT: '320',
  });
  await server.start();
});

test.afterAll(async () => {
  await server?.stop();
  await asr?.close();
});

/** Two coloured shots with a hard cut at 2 s and a tone under both (nothing bright but the subtitles). */
function twoShots(file: string, first: string, second: string, hz: number): string {
  ffmpeg(
    ...['-f', 'lavfi', '-i', `color=c=${first}:s=320x240:r=15:d=2`],
    ...['-f', 'lavfi', '-i', `color=c=${second}:s=320x240:r=15:d=2`],
    ...['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=4`],
    ...['-filter_complex', '[0:v][1:v]concat=n=2:v=1[v]', '-map', '[v]', '-map', '2:a'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
  );
  return file;
}

test('CP拆拼 保留原声: the form names the recogniser, and the videos carry what was said in their shots', async ({
  page,
}) => {
  test.setTimeout(900_000);
  const login = await page.request.post(AuthApi.login, { data: { account: 'demo', password: server.demoPassword } });
  const body = (await login.json()) as Envelope<LoginResult>;
  expect(body.code, body.msg).toBe(200);
  await useToken(page, body.data.ApiToken, 'demo');
  const dir = fixtureDir('vm-e2e-cp-asr-');
  const clip = new ClipTaskPages(page);
  await clip.upload([
    twoShots(join(dir, 'speech-1.mp4'), 'red', 'blue', 440),
    twoShots(join(dir, 'speech-2.mp4'), 'green', 'navy', 660),
  ]);

  await clip.newTask(3);
  await expect(page).toHaveURL(/\/clip\/CpMode\?/);
  const note = page.getByTestId('clip-source-transcriber-note');
  await expect(note).toHaveText(Msg.clipSourceTranscriberOn);
  await page.getByLabel('任务名称').fill('原声字幕');
  await clip.pick(page.getByRole('button', { name: '选择源视频' }), ['speech-1.mp4', 'speech-2.mp4']);
  await page.getByLabel('每条视频镜头数').fill('2');
  await page.getByLabel('单个镜头最长（秒）').fill('2');
  await page.getByLabel('生成数量').fill('2');
  await page.getByRole('checkbox', { name: '保留原声' }).check();
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'clip-cp-asr-note.png') });
  const added = page.waitForResponse((r) => r.url().includes('.BatchVideo/addTask'));
  await page.getByRole('button', { name: '开始剪辑' }).click();
  const taskId = ((await (await added).json()) as { data: { id: number } }).data.id;
  await clip.watchAndPlay('原声字幕', 2, join(SHOTS, 'clip-cp-asr-tasks.png'));
  // Each source was heard once: the plan asked, the two renders read what it stored.
  expect(asr.requests).toHaveLength(2);
  // 1 s into a video is its first shot, whose line (0.2–1.8 s of a source's first shot, 2.7–3.9 of its
  // second) shows then.
  const [first] = await downloadOutputs(page, taskId, dir);
  const still = join(SHOTS, 'clip-cp-asr-output.png');
  ffmpeg('-ss', '1', '-i', first?.file ?? '', '-frames:v', '1', still);
  const bright = execFileSync(ffmpegCommand(), [
    ...['-v', 'error', '-ss', '1', '-i', first?.file ?? '', '-frames:v', '1'],
    ...['-vf', 'format=gray', '-f', 'rawvideo', '-'],
  ]);
  expect([...bright].filter((v) => v > 170).length).toBeGreaterThan(20);
});
