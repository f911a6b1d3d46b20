import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import type { ClipVoiceOption } from '@vidmatrix/contract/api/clip-voice';
import type { TtsProvider, VoiceChoice } from './tts-provider.ts';

/** Words per minute at speed 1: espeak's default (175) rushes Mandarin syllables together. */
const RATE = 160;

/** The Chinese languages espeak-ng may have, by its language code, in the order offered. */
const LANGUAGES: readonly { code: string; name: string }[] = [
  { code: 'cmn', name: '普通话' },
  { code: 'yue', name: '粤语' },
  { code: 'hak', name: '客家话' },
];

/** Voice variants offered for each language (espeak's `+variant`); '' is the language's own (male) voice. */
const VARIANTS: readonly { suffix: string; name: string; gender: ClipVoiceOption['gender'] }[] = [
  { suffix: '', name: '男声', gender: 'male' },
  { suffix: 'f3', name: '女声', gender: 'female' },
  { suffix: 'f5', name: '女声（柔和）', gender: 'female' },
  { suffix: 'm3', name: '男声（低沉）', gender: 'male' },
];

/** An espeak voice id: a language code, with a variant after `+`; nothing else reaches its command line. */
const VOICE_ID = /^[a-z]{2,3}(\+[a-z0-9]{1,12})?$/;

/** The first column entries of `espeak-ng --voices[=…]`: language codes, or (for variants) file names. */
function column(listing: string, index: number): Set<string> {
  return new Set(
    listing
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/)[index] ?? '')
      .filter(Boolean),
  );
}

/**
 * The offline default: Debian's espeak-ng with its Chinese voices (`cmn`, `yue`, `hak`, each with
 * female and male variants). A formant synthesiser — intelligible but robotic, fit for previews and
 * tests; the UI says so.
 */
export class EspeakTts implements TtsProvider {
  readonly name = 'espeak-ng (cmn)';
  readonly robotic = true;
  private list: Promise<ClipVoiceOption[]> | null = null;

  constructor(
    private readonly command = process.env.ESPEAK_PATH ?? 'espeak-ng',
    private readonly voice = 'cmn',
  ) {}

  /** The Chinese languages and variants this host's espeak-ng has (asked once). */
  voices(): Promise<ClipVoiceOption[]> {
    this.list ??= (async () => {
      const run = promisify(execFile);
      const [langs, variants] = await Promise.all([
        run(this.command, ['--voices']).then((r) => column(r.stdout, 1)),
        run(this.command, ['--voices=variant']).then((r) => column(r.stdout, 4)),
      ]);
      const out: ClipVoiceOption[] = [];
      for (const lang of LANGUAGES.filter((l) => langs.has(l.code))) {
        for (const v of VARIANTS.filter((x) => x.suffix === '' || variants.has(`!v/${x.suffix}`))) {
          const id = v.suffix ? `${lang.code}+${v.suffix}` : lang.code;
          out.push({ id, name: `${lang.name}${v.name}`, gender: v.gender, robotic: true });
        }
      }
      // The configured default first.
      return out.sort((a, b) => Number(b.id === this.voice) - Number(a.id === this.voice));
    })().catch((error: unknown) => {
      this.list = null;
      throw error;
    });
    return this.list;
  }

  synthesize(text: string, outPath: string, signal?: AbortSignal, choice?: VoiceChoice): Promise<void> {
    const voice = choice?.voice ?? this.voice;
    if (!VOICE_ID.test(voice)) {
      return Promise.reject(new Error(`not an espeak voice id: ${voice}`));
    }
    const rate = Math.round(RATE * (choice?.speed ?? 1));
    return new Promise((resolve, reject) => {
      // The text goes on stdin, so nothing in it can be read as an option.
      const child = spawn(this.command, ['-v', voice, '-s', String(rate), '-w', outPath, '--stdin'], {
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
