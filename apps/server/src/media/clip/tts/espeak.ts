import { spawn } from 'node:child_process';
import type { TtsProvider } from './tts-provider.ts';

/** Words per minute: espeak's default (175) rushes Mandarin syllables together. */
const RATE = 160;

/**
 * The offline default: Debian's espeak-ng with its Mandarin voice (`cmn`). A formant synthesiser —
 * intelligible but robotic, fit for previews and tests; the UI says so.
 */
export class EspeakTts implements TtsProvider {
  readonly name = 'espeak-ng (cmn)';
  readonly robotic = true;

  constructor(
    private readonly command = process.env.ESPEAK_PATH ?? 'espeak-ng',
    private readonly voice = 'cmn',
  ) {}

  synthesize(text: string, outPath: string, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      // The text goes on stdin, so nothing in it can be read as an option.
      const child = spawn(this.command, ['-v', this.voice, '-s', String(RATE), '-w', outPath, '--stdin'], {
        stdio: ['pipe', 'ignore', 'pipe'],
        signal,
      });
      let stderr = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (s: string) => {
        stderr += s;
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`espeak-ng exited ${code}: ${stderr.slice(0, 300)}`)),
      );
      child.stdin.end(text);
    });
  }
}
