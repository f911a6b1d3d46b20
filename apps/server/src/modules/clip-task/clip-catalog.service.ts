import type { ClipFontItem, ClipScriptDrafts, ClipVoice, TextContext } from '@vidmatrix/contract/api/clip-task';
import { badRequest } from '../../errors.ts';
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

  constructor(private readonly deps: { clip: Pick<ClipTools, 'tts' | 'fonts' | 'workDir' | 'writer'> }) {}

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
    return { name: this.deps.clip.tts.name, robotic: this.deps.clip.tts.robotic };
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
