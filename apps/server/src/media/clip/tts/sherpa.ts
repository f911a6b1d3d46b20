import { readdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { TtsProvider } from './tts-provider.ts';
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

/**
 * A neural voice from an operator-supplied sherpa-onnx model directory (e.g. a Chinese VITS
 * model). No model can be downloaded on these hosts, and `sherpa-onnx-node` is not a dependency
 * yet: the operator installs it and sets TTS_PROVIDER=sherpa, SHERPA_TTS_MODEL_DIR (and _SPEAKER).
 */
export class SherpaTts implements TtsProvider {
  readonly robotic = false;
  readonly name: string;
  private engine: Promise<InstanceType<SherpaModule['OfflineTts']>> | null = null;

  constructor(
    private readonly modelDir: string,
    private readonly speaker = 0,
    private readonly speed = 1,
  ) {
    // Members see the name: the model directory's own name, not where it lies on the server.
    this.name = `sherpa-onnx (${basename(modelDir)}#${speaker})`;
  }

  private load(): Promise<InstanceType<SherpaModule['OfflineTts']>> {
    this.engine ??= (async () => {
      // A module name in a variable: bundlers and the type checker leave the optional package alone.
      const name = 'sherpa-onnx-node';
      const mod = (await import(name)) as SherpaModule | { default: SherpaModule };
      const sherpa = 'OfflineTts' in mod ? mod : mod.default;
      return new sherpa.OfflineTts(await sherpaConfigOf(this.modelDir));
    })();
    return this.engine;
  }

  async synthesize(text: string, outPath: string): Promise<void> {
    const audio = (await this.load()).generate({ text, sid: this.speaker, speed: this.speed });
    await writeFile(outPath, encodeWav(floatToPcm16(audio.samples, audio.sampleRate)));
  }
}
