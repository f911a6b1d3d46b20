import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { clipTemplate, type ClipTemplate } from '@vidmatrix/contract/api/clip-task';
import {
  ownTemplateKey,
  type ClipLookPreviews,
  type ClipTemplateItem,
  type clipTemplateSaveBody,
} from '@vidmatrix/contract/api/clip-template';
import { CLIP_MEMBER_TEMPLATES_MAX, CLIP_TEMPLATE_PREVIEW_SIZE } from '@vidmatrix/contract/constants';
import { Msg, fillMsg } from '@vidmatrix/contract/messages';
import { SEEDED_TEMPLATES } from '@vidmatrix/contract/rules/clip-templates';
import type { z } from 'zod';
import { badRequest, notFound } from '../../errors.ts';
import { renderFontsDir, type ClipFont } from '../../media/clip/fonts.ts';
import type { ClipRenderer } from '../../media/clip/render.ts';
import { lookPreviewRun, lookPreviewVersion, transitionPreviewRun } from '../../media/clip/look-preview.ts';
import { templatePreviewArgs, templatePreviewAss } from '../../media/clip/template-preview.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import { randomObjectName } from '../upload/object-name.ts';
import type { ClipTemplateRepository } from './clip-template.repository.ts';

/**
 * Templates of /clip/VideoTemplate: the seeded ones and those a member saved, each with a preview
 * still the server renders with ffmpeg (the template's look and text over a stand-in picture).
 */
export class ClipTemplateService {
  private readonly repo: Pick<ClipTemplateRepository, 'count' | 'insert' | 'list' | 'remove'>;
  /** Preview renders under way or done in this process, by storage key (same template, same still). */
  private readonly previews = new Map<string, Promise<void>>();
  /** The look and transition previews' render, once per process (their version names the folder). */
  private looks: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      clipTemplateRepository: Pick<ClipTemplateRepository, 'count' | 'insert' | 'list' | 'remove'>;
      now: () => number;
      storage: StorageDriver;
      renderer: Pick<ClipRenderer, 'still'>;
      fonts: () => Promise<ClipFont[]>;
      workDir: string;
    },
  ) {
    this.repo = deps.clipTemplateRepository;
  }

  /** list: the seeded templates, then the member's own (newest first), with preview images. */
  async list(memberId: number): Promise<ClipTemplateItem[]> {
    const seeded = await Promise.all(
      SEEDED_TEMPLATES.map(async (t) => ({
        key: t.key,
        id: 0,
        name: t.name,
        description: t.description,
        template: t.template,
        preview_url: this.deps.storage.publicUrl(await this.preview(t.template)),
        own: false,
      })),
    );
    const own = (await this.repo.list(memberId)).map((row) => ({
      key: ownTemplateKey(row.id),
      id: row.id,
      name: row.name,
      description: row.description,
      template: clipTemplate.parse(JSON.parse(row.template)),
      preview_url: row.preview_key ? this.deps.storage.publicUrl(row.preview_key) : '',
      own: true,
    }));
    return [...seeded, ...own];
  }

  /** save: stores a template of the member and renders its preview; refuses beyond the house limit. */
  async save(memberId: number, body: z.output<typeof clipTemplateSaveBody>): Promise<ClipTemplateItem> {
    if ((await this.repo.count(memberId)) >= CLIP_MEMBER_TEMPLATES_MAX) {
      throw badRequest(fillMsg(Msg.clipTemplateLimit, { n: CLIP_MEMBER_TEMPLATES_MAX }));
    }
    const previewKey = await this.preview(body.template);
    const id = await this.repo.insert({
      member_id: memberId,
      name: body.name,
      description: body.description,
      template: JSON.stringify(body.template),
      preview_key: previewKey,
      created_at: this.deps.now(),
    });
    return {
      key: ownTemplateKey(id),
      id,
      name: body.name,
      description: body.description,
      template: body.template,
      preview_url: this.deps.storage.publicUrl(previewKey),
      own: true,
    };
  }

  /** dele: removes one of the member's templates (tasks made with it keep their own copy). */
  async remove(memberId: number, id: number): Promise<void> {
    const row = await this.repo.remove(memberId, id);
    if (!row) {
      throw notFound();
    }
  }

  /**
   * looks: the preview of every look and transition, rendered once into storage under their
   * version (a hash of the filters that draw them), so they always show what a video gets.
   */
  async lookPreviews(): Promise<ClipLookPreviews> {
    const folder = `clip/looks/${lookPreviewVersion()}`;
    if (!this.looks) {
      this.looks = this.renderLooks(folder).catch((error: unknown) => {
        this.looks = null;
        throw error;
      });
    }
    await this.looks;
    const url = (path: string) => this.deps.storage.publicUrl(`${folder}/${basename(path)}`);
    const urls = <K extends string>(files: { option: K; path: string }[]) =>
      Object.fromEntries(files.map((f) => [f.option, url(f.path)])) as Record<K, string>;
    return { looks: urls(lookPreviewRun('.').files), transitions: urls(transitionPreviewRun('.').files) };
  }

  private async renderLooks(folder: string): Promise<void> {
    const { storage, renderer, workDir } = this.deps;
    const runs = [lookPreviewRun, transitionPreviewRun];
    // The last file is stored last: when it is there, every preview of this version is.
    const last = runs.at(-1)?.('.').files.at(-1);
    if (!last || (await storage.size(`${folder}/${basename(last.path)}`)) !== null) {
      return;
    }
    const dir = join(workDir, `looks-${randomObjectName()}`);
    await mkdir(dir, { recursive: true });
    try {
      for (const run of runs) {
        const { args, files } = run(dir);
        await renderer.still(args);
        for (const file of files) {
          await storage.put(`${folder}/${basename(file.path)}`, await readFile(file.path), 'image/jpeg');
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * The storage key of a template's preview still, rendered when missing. Keyed by the template's
   * content, so equal templates share one image and an image never goes stale.
   */
  private async preview(template: ClipTemplate): Promise<string> {
    const hash = createHash('sha1').update(JSON.stringify(template)).digest('hex').slice(0, 20);
    const key = `clip/template/${hash}.jpg`;
    let pending = this.previews.get(key);
    if (!pending) {
      pending = this.renderPreview(template, key).catch((error: unknown) => {
        this.previews.delete(key);
        throw error;
      });
      this.previews.set(key, pending);
    }
    await pending;
    return key;
  }

  private async renderPreview(template: ClipTemplate, key: string): Promise<void> {
    const { storage, renderer, workDir } = this.deps;
    if ((await storage.size(key)) !== null) {
      return;
    }
    const dir = join(workDir, `template-${randomObjectName()}`);
    await mkdir(dir, { recursive: true });
    try {
      const ass = join(dir, 'text.ass');
      const output = join(dir, 'preview.jpg');
      await writeFile(ass, templatePreviewAss(template));
      const fontsDir = await renderFontsDir(
        await this.deps.fonts(),
        [template.subtitle?.font, template.title?.font],
        workDir,
      );
      await renderer.still(templatePreviewArgs(template, { ass, fontsDir, output }, CLIP_TEMPLATE_PREVIEW_SIZE));
      await storage.put(key, await readFile(output), 'image/jpeg');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
