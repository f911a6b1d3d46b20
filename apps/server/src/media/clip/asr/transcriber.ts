import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { splitSentences } from '@vidmatrix/contract/rules/clip-text';

// Subtitles from speech (issue 24): a 口播 task without a typed script gets its lines from the main
// clip's own sound when a speech-recognition service is configured. The one kind offered is an
// OpenAI-compatible `POST {base}/audio/transcriptions` (multipart `file` and `model`,
// `response_format=verbose_json`, answering `{ text, segments: [{ start, end, text }] }`), which the
// hosted Whisper API and the usual self-hosted servers speak; or sherpa-onnx on this host (sherpa-asr.ts:
// a SenseVoice or Paraformer model directory, `sherpa-onnx-node` installed by the operator). Without
// either the subtitles come from the typed script only, and the form says so.

/** The language hint sent when none is configured. */
const DEFAULT_LANGUAGE = 'zh';

/** A stretch of recognised speech, seconds in the audio. */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

/** Turns speech into timed text. */
export interface Transcriber {
  /** Shown to members (the form names what writes the subtitles). */
  readonly name: string;
  /**
   * What a stored transcript is keyed by (never shown): the kind, the service URL or model directory,
   * the model and language — so another recogniser with the same shown name hears a file afresh.
   */
  readonly identity: string;
  transcribe(audioPath: string, signal?: AbortSignal): Promise<TranscriptSegment[]>;
}

/** Why recognition failed; the message is the member's (§8 words), the detail the log's. */
export class TranscribeError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

export interface OpenAiTranscriberConfig {
  /** The API root, e.g. https://api.openai.com/v1 (the path `/audio/transcriptions` is added). */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** ISO-639-1 language hint; Chinese by default. */
  language?: string;
  timeoutMs?: number;
}

/** Recognition through an OpenAI-compatible `/audio/transcriptions` endpoint (verbose JSON, segment times). */
export class OpenAiTranscriber implements Transcriber {
  readonly name: string;
  readonly identity: string;

  constructor(private readonly config: OpenAiTranscriberConfig) {
    this.name = `语音识别（${config.model}）`;
    this.identity = JSON.stringify([
      'openai',
      config.baseUrl.replace(/\/+$/, ''),
      config.model,
      config.language ?? DEFAULT_LANGUAGE,
    ]);
  }

  async transcribe(audioPath: string, signal?: AbortSignal): Promise<TranscriptSegment[]> {
    const form = new FormData();
    form.append('file', new Blob([await readFile(audioPath)], { type: 'audio/wav' }), basename(audioPath));
    form.append('model', this.config.model);
    form.append('response_format', 'verbose_json');
    form.append('language', this.config.language ?? DEFAULT_LANGUAGE);
    const timeout = AbortSignal.timeout(this.config.timeoutMs ?? 120_000);
    const url = `${this.config.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {},
        body: form,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw new TranscribeError('语音识别服务无法连接，请稍后重试', (error as Error).message);
    }
    if (!response.ok) {
      const body = (await response.text().catch(() => '')).slice(0, 500);
      throw new TranscribeError(`语音识别失败（服务返回 ${response.status}）`, body);
    }
    return parseTranscript(await response.json().catch(() => null));
  }
}

/** The segments of a verbose JSON answer; one whole-text segment when it has no times. */
export function parseTranscript(body: unknown): TranscriptSegment[] {
  const data = body as { text?: unknown; duration?: unknown; segments?: unknown } | null;
  if (!data || typeof data.text !== 'string') {
    throw new TranscribeError('语音识别失败（服务的回答无法读取）', JSON.stringify(body)?.slice(0, 500) ?? '');
  }
  const segments = Array.isArray(data.segments) ? (data.segments as Record<string, unknown>[]) : [];
  const timed = segments
    .map((s) => ({ start: Number(s.start), end: Number(s.end), text: typeof s.text === 'string' ? s.text.trim() : '' }))
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end) && s.end > s.start && s.text);
  if (timed.length > 0) {
    return timed;
  }
  const duration = Number(data.duration);
  const text = data.text.trim();
  return text && duration > 0 ? [{ start: 0, end: duration, text }] : [];
}

/**
 * Subtitle lines and their speech spans from segments: a segment of several sentences shares its time
 * among them by their length in characters, so each line has its own span (the 口播 timeline pairs them).
 */
export function transcriptLines(segments: readonly TranscriptSegment[]): {
  lines: string[];
  speech: [number, number][];
} {
  const lines: string[] = [];
  const speech: [number, number][] = [];
  for (const seg of segments) {
    const sentences = splitSentences(seg.text);
    const total = sentences.reduce((n, s) => n + s.length, 0) || 1;
    let t = seg.start;
    for (const s of sentences) {
      const end = t + ((seg.end - seg.start) * s.length) / total;
      lines.push(s);
      speech.push([Math.round(t * 1000) / 1000, Math.round(end * 1000) / 1000]);
      t = end;
    }
  }
  return { lines, speech };
}
