/** A text-to-speech engine: one sentence in, one PCM WAV file out. */
export interface TtsProvider {
  /** Shown to operators and members (e.g. in the voice picker). */
  readonly name: string;
  /** A formant or otherwise robotic voice: the UI says so (Msg.clipRoboticVoice). */
  readonly robotic: boolean;
  /** Writes the spoken sentence to `outPath` as PCM WAV. */
  synthesize(text: string, outPath: string, signal?: AbortSignal): Promise<void>;
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
