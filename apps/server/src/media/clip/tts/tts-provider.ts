/** A text-to-speech engine: one sentence in, one PCM WAV file out. */
export interface TtsProvider {
  /** Shown to operators and members (e.g. in the voice picker). */
  readonly name: string;
  /** A formant or otherwise robotic voice: the UI says so (Msg.clipRoboticVoice). */
  readonly robotic: boolean;
  /** Writes the spoken sentence to `outPath` as PCM WAV. */
  synthesize(text: string, outPath: string, signal?: AbortSignal): Promise<void>;
}
