import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClipFontItem, ClipScriptDrafts, ClipVoice, TextContext } from '@vidmatrix/contract/api/clip-task';
import type { ClipDubbing, ClipVoiceList, ClipVoicePreview } from '@vidmatrix/contract/api/clip-voice';
import { Msg } from '@vidmatrix/contract/messages';
import { badRequest } from '../../errors.ts';
import { voiceCacheKey } from '../../media/clip/produce.ts';
import { TtsError } from '../../media/clip/tts/tts-provider.ts';
import { encodeWav, gainWav, parseWav, wavSeconds } from '../../media/clip/tts/wav.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import {
  fontByFileName,
  fontDigest,
  fontUrlOf,
  servedFontFile,
  servedFontsDir,
  type ClipFont,
} from '../../media/clip/fonts.ts';
import { ScriptWriterError } from '../../media/clip/writer/script-writer.ts';
import type { ClipTools } from './clip-tools.ts';

/** What a member may pick for a clip task: fonts, the voice, scripts written for them. */
export class ClipCatalogService {
  private fontList: Promise<ClipFont[]> | null = null;
  private publicFontList: Promise<ClipFontItem[]> | null = null;

  constructor(
    private readonly deps: {
      clip: Pick<ClipTools, 'tts' | 'transcriber' | 'fonts' | 'workDir' | 'writer'>;
      /** Where voice previews are put for the page to play. */
      storage: Pick<StorageDriver, 'put' | 'size' | 'publicUrl'>;
    },
  ) {}

  /** The fonts subtitles and titles can use, with their files on this host (the renderer's). */
  async fonts(): Promise<ClipFont[]> {
    this.fontList ??= this.deps.clip.fonts().catch((error: unknown) => {
      this.fontList = null;
      throw error;
    });
    return (await this.fontList).map((f) => ({ ...f }));
  }

  /** getVoice: the voice narration is spoken with; the console notes a robotic one. */
  voice(): ClipVoice {
    return {
      name: this.deps.clip.tts.name,
      robotic: this.deps.clip.tts.robotic,
      transcriber: this.deps.clip.transcriber?.name ?? null,
    };
  }

  /** getVoices: every voice the configured provider speaks, the default first; its failure is a §8 refusal. */
  async voices(): Promise<ClipVoiceList> {
    const list = await this.deps.clip.tts.voices().catch((error: unknown) => {
      throw error instanceof TtsError ? badRequest(error.message) : error;
    });
    return { default: list[0]?.id ?? '', list };
  }

  /** Refuses (配音音色不存在) a voice the provider does not list; no dubbing is the default voice. */
  async requireVoice(dubbing: ClipDubbing | undefined): Promise<void> {
    if (dubbing && !(await this.voices()).list.some((v) => v.id === dubbing.voice)) {
      throw badRequest(Msg.clipVoiceUnknown);
    }
  }

  /**
   * voicePreview: a fixed sentence in the chosen voice at its speed (synthesised once per voice and speed),
   * at the chosen volume, put in storage for the page to play.
   */
  async voicePreview(dubbing: ClipDubbing): Promise<ClipVoicePreview> {
    await this.requireVoice(dubbing);
    const { tts, workDir } = this.deps.clip;
    const dir = join(workDir, 'voice-preview');
    await mkdir(dir, { recursive: true });
    const name = voiceCacheKey(tts, dubbing, Msg.clipVoicePreviewText);
    const file = join(dir, `${name}.wav`);
    let wav = await readFile(file).then(parseWav, () => null);
    if (!wav) {
      // Written beside and renamed in: two previews at once never read a half file.
      const partial = `${file}.${randomBytes(4).toString('hex')}.part`;
      try {
        await tts.synthesize(Msg.clipVoicePreviewText, partial, undefined, dubbing);
        await rename(partial, file);
      } catch (error) {
        throw error instanceof TtsError ? badRequest(error.message) : error;
      } finally {
        await rm(partial, { force: true });
      }
      wav = parseWav(await readFile(file));
    }
    const key = `clip/voice-preview/${createHash('sha1').update(`${name}\n${dubbing.volume}`).digest('hex')}.wav`;
    if ((await this.deps.storage.size(key)) === null) {
      const heard = dubbing.volume === 100 ? wav : gainWav(wav, dubbing.volume / 100);
      await this.deps.storage.put(key, encodeWav(heard), 'audio/wav');
    }
    return { url: this.deps.storage.publicUrl(key), duration: wavSeconds(wav) };
  }

  /** getFront: the fonts with the URL the server serves each at (the desktop downloads it, the web previews it). */
  async publicFonts(): Promise<ClipFontItem[]> {
    this.publicFontList ??= this.listPublicFonts().catch((error: unknown) => {
      this.publicFontList = null;
      throw error;
    });
    return (await this.publicFontList).map((f) => ({ ...f }));
  }

  /** Each font's URL with its served file's size and sha256 (made once; a file that cannot be read goes without). */
  private async listPublicFonts(): Promise<ClipFontItem[]> {
    const dir = servedFontsDir(this.deps.clip.workDir);
    const list: ClipFontItem[] = [];
    for (const font of await this.fonts()) {
      const digest = await servedFontFile(font, dir)
        .then(fontDigest)
        .catch(() => undefined);
      list.push({ value: font.value, path: fontUrlOf(font), ...digest });
    }
    return list;
  }

  /** A listed font's served file by its URL file name (a collection's face as a font of its own), or undefined. */
  async fontFile(file: string): Promise<string | undefined> {
    const font = fontByFileName(await this.fonts(), file);
    return font && servedFontFile(font, servedFontsDir(this.deps.clip.workDir));
  }

  /** writeScript (帮我写文案): `count` scripts from product facts; a writer's failure is a §8 refusal. */
  async writeScripts(context: TextContext, count: number): Promise<ClipScriptDrafts> {
    try {
      return await this.deps.clip.writer.write(context, count);
    } catch (error) {
      if (error instanceof ScriptWriterError) {
        throw badRequest(error.message);
      }
      throw error;
    }
  }
}
