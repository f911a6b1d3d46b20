import {
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeVideo, startTranscriptionImitation, toneSource, type TranscriptionImitation } from '@vidmatrix/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClipPlanService, type ClipLibrary } from '../../../modules/clip-task/clip-plan.service.ts';
import { FINGERPRINT_END_BYTES, type StorageDriver } from '../../../storage/storage.ts';
import { LocalStorageDriver } from '../../../storage/local-driver.ts';
import type { ClipMaterial } from '../plan-model.ts';
import { ClipRenderer } from '../render.ts';
import { createTranscriber } from './create-transcriber.ts';
import { SherpaTranscriber } from './sherpa-asr.ts';
import { OpenAiTranscriber, parseTranscript, transcriptLines, type Transcriber } from './transcriber.ts';

// Subtitles from speech (issue 24) for 口播 without a typed script: with a recognition service (here a
// local imitation of an OpenAI-compatible /audio/transcriptions endpoint, @vidmatrix/fixtures)
// the lines and their spans are what it heard; without one, the typed script over the detected speech.

const KEY = 'test-asr-key';
const HEARD = [
  { start: 0.3, end: 1.5, text: '大家好，欢迎来到直播间。' },
  { start: 2.2, end: 3.6, text: '今天全场八折' },
];
let dir = '';
let clip = '';
let imitation: TranscriptionImitation;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vm-asr-'));
  clip = join(dir, 'head.mp4');
  makeVideo(clip, {
    width: 160,
    height: 288,
    rate: 15,
    seconds: 4,
    audio: toneSource({
      frequency: 300,
      seconds: 4,
      spans: [
        [0.3, 1.5],
        [2.2, 3.6],
      ],
    }),
  });
  imitation = await startTranscriptionImitation({ key: KEY, segments: HEARD });
});

afterAll(async () => {
  await imitation.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The plan service with only what speechOf reads: the clip's file (in `storage`, by default beside the
 * clip), the renderer and (in memory, `stored`) the stored transcripts.
 */
function planner(
  transcriber: Transcriber | null,
  storage: Pick<StorageDriver, 'mediaSource' | 'fingerprint'> = {
    mediaSource: () => Promise.resolve(clip),
    fingerprint: () => Promise.resolve(`${statSync(clip).size}`),
  },
  stored = new Map<string, string>(),
): ClipPlanService {
  return new ClipPlanService(
    {
      storage,
      renderer: new ClipRenderer(),
      transcriber,
      clipTaskRepository: {
        transcript: (key: string, fingerprint: string, name: string) =>
          Promise.resolve(stored.get(`${key}\n${fingerprint}\n${name}`)),
        saveTranscript: (row: { object_key: string; fingerprint: string; transcriber: string; segments: string }) => {
          stored.set(`${row.object_key}\n${row.fingerprint}\n${row.transcriber}`, row.segments);
          return Promise.resolve();
        },
      },
    } as unknown as ConstructorParameters<typeof ClipPlanService>[0],
    {} as ConstructorParameters<typeof ClipPlanService>[1],
  );
}

const library: ClipLibrary = new Map([
  [21, { id: 21, kind: 'digital_human', name: 'head.mp4', duration: 4, width: 160, height: 288, tags: [], key: 'k' }],
]);

describe('subtitles from speech', () => {
  it('reads verbose JSON segments, and shares a segment of several sentences among them by length', () => {
    const segments = parseTranscript({ text: 'x', segments: HEARD });
    expect(segments).toEqual(HEARD);
    const { lines, speech } = transcriptLines(segments);
    expect(lines).toEqual(['大家好，欢迎来到直播间。', '今天全场八折']);
    expect(speech).toEqual([
      [0.3, 1.5],
      [2.2, 3.6],
    ]);
    // Two sentences in one segment: each gets its share of the time by characters.
    const split = transcriptLines([{ start: 0, end: 3, text: '你好。今天特价！' }]);
    expect(split.lines).toHaveLength(2);
    expect(split.speech[0]?.[1]).toBeCloseTo(split.speech[1]?.[0] ?? -1, 3);
    // No times: the whole text over the audio's length.
    expect(parseTranscript({ text: ' 你好 ', duration: 2 })).toEqual([{ start: 0, end: 2, text: '你好' }]);
    expect(() => parseTranscript({ error: 'x' })).toThrow('语音识别失败（服务的回答无法读取）');
  });

  it('is configured by ASR_BASE_URL, and is none without it', () => {
    expect(createTranscriber({})).toBeNull();
    expect(createTranscriber({ ASR_BASE_URL: 'https://asr.example/v1', ASR_MODEL: 'sensevoice' })?.name).toBe(
      '语音识别（sensevoice）',
    );
    expect(() => createTranscriber({ ASR_BASE_URL: 'asr.example' })).toThrow('ASR_BASE_URL');
  });

  it('口播 without a script: the lines and spans the service heard in the clip’s sound', async () => {
    const transcriber = new OpenAiTranscriber({ baseUrl: imitation.url, apiKey: KEY, model: 'whisper-1' });
    const heard = await planner(transcriber).speechOf(library, 21, []);
    expect(heard.lines).toEqual(['大家好，欢迎来到直播间。', '今天全场八折']);
    expect(heard.speech).toEqual([
      [0.3, 1.5],
      [2.2, 3.6],
    ]);
    const [request] = imitation.requests;
    expect(request).toMatchObject({ model: 'whisper-1', responseFormat: 'verbose_json', language: 'zh' });
    // The clip's sound went up as WAV: 4 s of 16 kHz mono 16-bit is about 128 kB.
    expect(request?.file.size).toBeGreaterThan(120_000);
    // A typed script wins; the service is not asked again.
    const typed = await planner(transcriber).speechOf(library, 21, ['第一句', '第二句']);
    expect(typed.lines).toEqual(['第一句', '第二句']);
    expect(imitation.requests).toHaveLength(1);
  });

  it('without a service the script stays as typed (none: no lines) over the detected speech', async () => {
    const none = await planner(null).speechOf(library, 21, []);
    expect(none.lines).toEqual([]);
    expect(none.speech).toHaveLength(2);
  });

  it('a refused key says so in member words', async () => {
    const transcriber = new OpenAiTranscriber({ baseUrl: imitation.url, apiKey: 'wrong', model: 'whisper-1' });
    await expect(planner(transcriber).speechOf(library, 21, [])).rejects.toThrow('语音识别失败（服务返回 401）');
  });
});

describe('a stored transcript', () => {
  /** The clip in local storage, padded past both fingerprinted ends with an mp4 `free` box (demuxers skip it). */
  function storedClip(): { storage: LocalStorageDriver; file: string; middle: number } {
    const storage = new LocalStorageDriver({ localRoot: join(dir, 'store'), uploadMetaDir: join(dir, 'meta') });
    const free = Buffer.alloc(4 * FINGERPRINT_END_BYTES);
    free.writeUInt32BE(free.length, 0);
    free.write('free', 4, 'latin1');
    const file = storage.pathOf('media/head.mp4');
    writeFileSync(file, Buffer.concat([readFileSync(clip), free]));
    // An old mtime, so the in-place write below moves it however fast the test runs.
    utimesSync(file, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
    return { storage, file, middle: statSync(clip).size + 2 * FINGERPRINT_END_BYTES };
  }
  const onDisk: ClipLibrary = new Map([[21, { ...(library.get(21) as ClipMaterial), key: 'media/head.mp4' }]]);

  it('is heard afresh when the file changes in place past its first 64 KiB at the same size', async () => {
    const { storage, file, middle } = storedClip();
    const stored = new Map<string, string>();
    const transcriber = new OpenAiTranscriber({ baseUrl: imitation.url, apiKey: KEY, model: 'whisper-1' });
    const asked = imitation.requests.length;
    await planner(transcriber, storage, stored).speechOf(onDisk, 21, []);
    await planner(transcriber, storage, stored).speechOf(onDisk, 21, []);
    expect(imitation.requests.length - asked).toBe(1);
    const size = statSync(file).size;
    const handle = openSync(file, 'r+');
    writeSync(handle, Buffer.from([1]), 0, 1, middle);
    closeSync(handle);
    expect(statSync(file).size).toBe(size);
    await planner(transcriber, storage, stored).speechOf(onDisk, 21, []);
    expect(imitation.requests.length - asked).toBe(2);
  });

  it('is heard afresh by another service or model directory under the same shown name', async () => {
    const { storage } = storedClip();
    const stored = new Map<string, string>();
    const other = await startTranscriptionImitation({ key: KEY, segments: HEARD });
    try {
      const here = new OpenAiTranscriber({ baseUrl: imitation.url, apiKey: KEY, model: 'whisper-1' });
      const there = new OpenAiTranscriber({ baseUrl: `${other.url}/`, apiKey: KEY, model: 'whisper-1' });
      expect(there.name).toBe(here.name);
      await planner(here, storage, stored).speechOf(onDisk, 21, []);
      await planner(there, storage, stored).speechOf(onDisk, 21, []);
      expect(other.requests).toHaveLength(1);
      // The same service again (its URL with a trailing slash) reads what it heard.
      const again = new OpenAiTranscriber({ baseUrl: `${other.url}//`, apiKey: KEY, model: 'whisper-1' });
      await planner(again, storage, stored).speechOf(onDisk, 21, []);
      expect(other.requests).toHaveLength(1);
    } finally {
      await other.close();
    }
    const sherpaHere = new SherpaTranscriber('/models/sherpa-onnx-sense-voice');
    const sherpaThere = new SherpaTranscriber('/opt/other/sherpa-onnx-sense-voice');
    expect(sherpaThere.name).toBe(sherpaHere.name);
    expect(sherpaThere.identity).not.toBe(sherpaHere.identity);
  });
});
