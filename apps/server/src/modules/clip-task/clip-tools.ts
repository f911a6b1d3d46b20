import type { Transcriber } from '../../media/clip/asr/transcriber.ts';
import type { ClipFont } from '../../media/clip/fonts.ts';
import type { produceVideo } from '../../media/clip/produce.ts';
import type { ClipRenderer } from '../../media/clip/render.ts';
import type { TtsProvider } from '../../media/clip/tts/tts-provider.ts';
import type { ScriptWriter } from '../../media/clip/writer/script-writer.ts';

/** What the clip services render with; made once per process by compose.ts. */
export interface ClipTools {
  renderer: ClipRenderer;
  tts: TtsProvider;
  /** Subtitles from speech (口播 without a typed script); null when no recognition service is configured. */
  transcriber: Transcriber | null;
  /** The Chinese-capable fonts of this host (fontconfig). */
  fonts: () => Promise<ClipFont[]>;
  /** Scratch space of renders (voice parts, ASS, files before they go to storage). */
  workDir: string;
  /** Size, frame rate and encoder of the videos (default 1080×1920 at CLIP_FPS, veryfast). */
  output?: ClipOutput;
  /** Writes scripts (帮我写文案, AI剪辑); one that explains what to set when none is configured. */
  writer: ScriptWriter;
}

/** How task videos are encoded, and how long one may go without progress (tests shorten it). */
export type ClipOutput = Pick<Parameters<typeof produceVideo>[1], 'size' | 'fps' | 'encode' | 'stallMs'>;
