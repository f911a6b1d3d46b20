import { readdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ClipVoiceOption } from '@vidmatrix/contract/api/clip-voice';
import type { TtsProvider, VoiceChoice } from './tts-provider.ts';
import { encodeWav, type Wav } from './wav.ts';

/** The slice of `sherpa-onnx-node` this provider uses (the package is the operator's to install). */
interface SherpaModule {
  OfflineTts: new (config: unknown) => {
    generate(options: { text: string; sid: number; speed: number }): { samples: Float32Array; sampleRate: number };
  };
}

/** Float samples in [-1, 1] as 16-bit PCM (the format the voice track is laid out in). */
export function floatToPcm16(samples: Float32Array, sampleRate: number): Wav {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i += 1) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    data.writeInt16LE(Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), i * 2);
  }
  return { sampleRate, channels: 1, bitsPerSample: 16, data };
}

/** The sherpa-onnx VITS config of a model directory: the .onnx, tokens.txt, and what else it ships. */
export async function sherpaConfigOf(modelDir: string, threads = 1): Promise<unknown> {
  const names = await readdir(modelDir);
  const model = names.find((n) => n.endsWith('.onnx'));
  if (!model || !names.includes('tokens.txt')) {
    throw new Error(`${modelDir} needs a .onnx model and tokens.txt`);
  }
  const has = (n: string): string => (names.includes(n) ? join(modelDir, n) : '');
  return {
    model: {
      vits: {
        model: join(modelDir, model),
        tokens: join(modelDir, 'tokens.txt'),
        lexicon: has('lexicon.txt'),
        dictDir: has('dict'),
        dataDir: has('espeak-ng-data'),
      },
      numThreads: threads,
      provider: 'cpu',
      debug: false,
    },
    // Chinese models ship number and date rules as FSTs; all of them apply.
    ruleFsts: names
      .filter((n) => n.endsWith('.fst'))
      .map((n) => join(modelDir, n))
      .join(','),
    maxNumSentences: 1,
  };
}

/** Whether a directory holds a sherpa-onnx model (a .onnx and tokens.txt). */
async function isModelDir(dir: string): Promise<boolean> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.some((n) => n.endsWith('.onnx')) && names.includes('tokens.txt');
}

/**
 * Neural voices from operator-supplied sherpa-onnx model directories (e.g. Chinese VITS models): the
 * directory SHERPA_TTS_MODEL_DIR names, and each model directory directly inside it, is one voice. No
 * model can be downloaded on these hosts, and `sherpa-onnx-node` is not a dependency yet: the operator
 * installs it and sets TTS_PROVIDER=sherpa, SHERPA_TTS_MODEL_DIR (and _SPEAKER).
 */
export class SherpaTts implements TtsProvider {
  readonly robotic = false;
  readonly name: string;
  private readonly engines = new Map<string, Promise<InstanceType<SherpaModule['OfflineTts']>>>();

  constructor(
    private readonly modelDir: string,
    private readonly speaker = 0,
    private readonly speed = 1,
  ) {
    // Members see the name: the model directory's own name, not where it lies on the server.
    this.name = `sherpa-onnx (${basename(modelDir)}#${speaker})`;
  }

  /** The model directories found on disk: the configured one first, then those inside it (by name). */
  async voices(): Promise<ClipVoiceOption[]> {
    const ids: string[] = (await isModelDir(this.modelDir)) ? [basename(this.modelDir)] : [];
    const inside = await readdir(this.modelDir, { withFileTypes: true }).catch(() => []);
    for (const entry of inside.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
      if (await isModelDir(join(this.modelDir, entry.name))) {
        ids.push(entry.name);
      }
    }
    return ids.map((id) => ({ id, name: `神经网络音色 ${id}`, gender: 'unknown', robotic: false }));
  }

  /** The directory of a voice id (the configured one, or one inside it). */
  private dirOf(voice: string | undefined): string {
    if (voice === undefined || voice === basename(this.modelDir)) {
      return this.modelDir;
    }
    if (!/^[\w.+-]+$/.test(voice) || voice.startsWith('.')) {
      throw new Error(`not a sherpa voice id: ${voice}`);
    }
    return join(this.modelDir, voice);
  }

  private load(dir: string): Promise<InstanceType<SherpaModule['OfflineTts']>> {
    let engine = this.engines.get(dir);
    if (!engine) {
      engine = (async () => {
        // A module name in a variable: bundlers and the type checker leave the optional package alone.
        const name = 'sherpa-onnx-node';
        const mod = (await import(name)) as SherpaModule | { default: SherpaModule };
        const sherpa = 'OfflineTts' in mod ? mod : mod.default;
        return new sherpa.OfflineTts(await sherpaConfigOf(dir));
      })();
      this.engines.set(dir, engine);
    }
    return engine;
  }

  async synthesize(text: string, outPath: string, _signal?: AbortSignal, choice?: VoiceChoice): Promise<void> {
    const engine = await this.load(this.dirOf(choice?.voice));
    const audio = engine.generate({ text, sid: this.speaker, speed: this.speed * (choice?.speed ?? 1) });
    await writeFile(outPath, encodeWav(floatToPcm16(audio.samples, audio.sampleRate)));
  }
}
