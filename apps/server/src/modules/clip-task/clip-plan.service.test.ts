import { clipTaskInput } from '@vidmatrix/contract/api/clip-task';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { TranscribeError, type Transcriber } from '../../media/clip/asr/transcriber.ts';
import { ClipPlanService, type ClipLibrary } from './clip-plan.service.ts';
import { stopsForGood, userMessage } from './clip-progress.ts';

// Subtitles from speech (口播 without a script): the plan asks the recognition service and stores what it
// heard; a render reads it, and asks again only when nothing is stored (e.g. the plan heard nothing yet).
// The same outage is a refusal the member reads at add time, and at render time an outage the queue
// tries again: the plan already succeeded.

const DOWN = '语音识别服务无法连接，请稍后重试';

/** A service that is down for its first `downFor` calls, then hears one sentence. */
function flakyTranscriber(downFor: number): Transcriber & { calls: number } {
  return {
    name: '语音识别（test）',
    identity: 'test',
    calls: 0,
    transcribe() {
      this.calls += 1;
      return this.calls <= downFor
        ? Promise.reject(new TranscribeError(DOWN, 'connect ECONNREFUSED'))
        : Promise.resolve([{ start: 0.5, end: 2.5, text: '大家好' }]);
    },
  };
}

/** The plan service over one 口播 main clip (id 21) with sound; no ffmpeg is run. */
function planner(transcriber: Transcriber): ClipPlanService {
  const transcripts = new Map<string, string>();
  return new ClipPlanService(
    {
      clipTaskRepository: {
        combinationKeys: () => Promise.resolve([]),
        transcript: (key: string) => Promise.resolve(transcripts.get(key)),
        saveTranscript: (row: { object_key: string; segments: string }) => {
          transcripts.set(row.object_key, row.segments);
          return Promise.resolve();
        },
      },
      storage: {
        mediaSource: (key: string) => Promise.resolve(`/nowhere/${key}`),
        fingerprint: () => Promise.resolve('4096:1:head'),
      },
      renderer: {
        probe: () => Promise.resolve({ audio: true, duration: 4 }),
        extractSpeech: () => Promise.resolve(),
        detectSpeech: () => Promise.resolve([[0, 4]]),
      },
      transcriber,
      materialRepository: {
        byIds: () =>
          Promise.resolve([
            { id: 21, file_type: 'video', file_name: 'head.mp4', object_key: 'k21', duration_ms: 4000, tags: [] },
          ]),
        tagsOf: () => Promise.resolve([]),
      },
      uploadRepository: { space: () => Promise.resolve(undefined) },
    } as unknown as ConstructorParameters<typeof ClipPlanService>[0],
    {
      fonts: () => Promise.resolve([]),
      requireVoice: () => Promise.resolve(),
    } as unknown as ConstructorParameters<typeof ClipPlanService>[1],
  );
}

const library: ClipLibrary = new Map([
  [21, { id: 21, kind: 'video', name: 'head.mp4', duration: 4, width: 0, height: 0, tags: [], key: 'k21' }],
]);

const oral = clipTaskInput.parse({
  clip_model: 4,
  name: '口播识别',
  count: 1,
  seed: 1,
  template: {
    subtitle: null,
    title: null,
    transition: null,
    filter: 'none',
    fit: 'cover',
    music: { policy: 'none', volume: 0.3, duck: true },
  },
  mainId: 21,
});

describe('speech recognition down', () => {
  it('at add time: the plan is refused with the service’s words', async () => {
    const refused = await planner(flakyTranscriber(1))
      .plan(7, oral, false)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(DOWN);
  });

  it('at render time: the video is tried again by the queue (the member reads why should every try fail)', async () => {
    const transcriber = flakyTranscriber(1);
    const render = planner(transcriber);
    const error = await render.speechOf(library, 21, []).catch((e: unknown) => e);
    expect(stopsForGood(error)).toBe(false);
    expect(userMessage(error)).toBe(DOWN);
    // The queue's retry: the service is back, and the render gets what it heard.
    expect(await render.speechOf(library, 21, [])).toEqual({ lines: ['大家好'], speech: [[0.5, 2.5]] });
    expect(transcriber.calls).toBe(2);
  });
});
