import type { ClipVoiceOption } from '@vidmatrix/contract/api/clip-voice';

/** The voice and rate one sentence is spoken in; absent fields take the provider's default. */
export interface VoiceChoice {
  /** An id from `voices()`. */
  voice?: string;
  /** × normal speed. */
  speed?: number;
}

/** A text-to-speech engine: one sentence in, one PCM WAV file out. */
export interface TtsProvider {
  /** Shown to operators and members (e.g. in the voice picker). */
  readonly name: string;
  /** A formant or otherwise robotic voice: the UI says so (Msg.clipRoboticVoice). */
  readonly robotic: boolean;
  /** The voices it speaks, the default first, named in Chinese. */
  voices(): Promise<ClipVoiceOption[]>;
  /** Writes the spoken sentence to `outPath` as PCM WAV. */
  synthesize(text: string, outPath: string, signal?: AbortSignal, choice?: VoiceChoice): Promise<void>;
}

/** A voice failure whose message a member may read (a Msg); the detail (status, answer) is for the log. */
export class TtsError extends Error {
  constructor(
    message: string,
    readonly detail: string,
    /** Trying again cannot help (a refused key or request): the render fails for good. */
    readonly permanent = false,
  ) {
    super(message);
  }
}
