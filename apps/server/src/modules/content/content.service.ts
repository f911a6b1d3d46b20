import type {
  AgreementDoc,
  AgreementStatus,
  ChangelogEntry,
  ContentKind,
  CourseCategory,
  CourseChapter,
  CourseDetail,
  CourseSummary,
  DownloadBuild,
  HelpArticle,
  LiveList,
  LiveSession,
  PageSection,
  PricingLevels,
} from '@vidmatrix/contract/api/content';
import { Msg } from '@vidmatrix/contract/messages';
import { badRequest } from '../../errors.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import { clientLinks, versionCheck, type ReleaseLinkDeps } from '../setting/release-links.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MediaRepository } from '../../media/media.repository.ts';
import type { ClipFont } from '../../media/clip/fonts.ts';
import { metaOf, type ContentDoc, type LevelOffer } from './content-files.ts';
import { CHAPTER_CARDS, chapterVideoPath, LEVEL_OFFERS, seedDocuments, type ChapterCard } from './content-seed.ts';
import { Job } from '@vidmatrix/contract/jobs';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { ContentRepository, ContentRow } from './content.repository.ts';

/** Where imported media files live in storage: `content/` + their path under the import's directory. */
export const CONTENT_MEDIA_PREFIX = 'content/';

/** The content tables: the service uses every query of its own repository. */
type ContentStore = ContentRepository;

/**
 * The public site's content: reads for the public pages (cacheable, no member data), the member's
 * agreement and upgrade request, and the operator's import and export.
 */
export class ContentService {
  private readonly repo: ContentStore;

  constructor(
    private readonly deps: {
      contentRepository: ContentStore;
      /** The client links and latest versions /download offers, read as the setting module reads them. */
      settingRepository: ReleaseLinkDeps['settingRepository'];
      now: () => number;
      storage: Pick<StorageDriver, 'publicUrl' | 'size' | 'put' | 'read' | 'publicBaseUrl'>;
      /** Renders the seeded course videos; without it (operator CLI) they are not rendered. */
      media?: Pick<MediaRepository, 'titleCard'>;
      /** Chinese-capable fonts of this host (the title cards' text). */
      fonts?: () => Promise<ClipFont[]>;
      /** Queue of the course video render (the seed enqueues it; the CLI has none). */
      jobs?: Pick<JobQueue, 'enqueue'>;
    },
  ) {
    this.repo = deps.contentRepository;
  }

  /**
   * Fills a first start with this product's content (documents that exist stay as an operator left
   * them), the levels' prices and features, and renders the getting-started course's videos once.
   */
  async seed(): Promise<void> {
    await this.save(seedDocuments(this.deps.now()), 'keep');
    await this.setLevelOffers(LEVEL_OFFERS, true);
    if (this.deps.jobs && (await this.missingCourseVideos()).length > 0) {
      await this.deps.jobs.enqueue(Job.contentCourseVideos, {}, { attempts: 2 });
    }
  }

  /** The seeded chapters whose video storage does not hold. */
  private async missingCourseVideos(): Promise<ChapterCard[]> {
    const missing: ChapterCard[] = [];
    for (const card of CHAPTER_CARDS) {
      if (!(await this.hasMedia(chapterVideoPath(card.slug)))) {
        missing.push(card);
      }
    }
    return missing;
  }

  /** Renders each seeded chapter's title card video that storage does not hold yet; returns how many. */
  async renderCourseVideos(): Promise<number> {
    const { media, fonts } = this.deps;
    const missing = await this.missingCourseVideos();
    if (!media || !fonts || missing.length === 0) {
      return 0;
    }
    const font = (await fonts())[0];
    if (!font) {
      throw new Error('no Chinese font for the course videos (install fonts-wqy-microhei)');
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vm-course-'));
    try {
      for (const card of missing) {
        const lineFiles = card.lines.map((line, index) => {
          const file = path.join(dir, `${card.slug}-${index}.txt`);
          fs.writeFileSync(file, line);
          return file;
        });
        const output = path.join(dir, `${card.slug}.mp4`);
        await media.titleCard({ lineFiles, seconds: card.seconds, fontFile: font.path, output });
        await this.putMedia(chapterVideoPath(card.slug), fs.readFileSync(output), 'video/mp4');
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return missing.length;
  }

  /** Change log entries, newest first. */
  async changelog(): Promise<ChangelogEntry[]> {
    const rows = await this.repo.list(['changelog']);
    return rows
      .map((row) => ({ ...metaOf('changelog', row.meta), title: row.title, body: row.body }))
      .sort((a, b) => b.date.localeCompare(a.date) || compareVersions(b.version, a.version));
  }

  /** The levels with price, quotas and features; the caller's level when signed in. */
  async pricing(memberId: number | null): Promise<PricingLevels> {
    const levels = await this.repo.levels();
    return {
      levels: levels.map((level) => ({
        level_id: level.id,
        name: level.name,
        price: Number(level.price),
        account_num: Number(level.account_num),
        space_storage: Number(level.space_storage),
        material_retention_days: Number(level.material_retention_days),
        features: parseStrings(level.features),
      })),
      current_level_id: memberId === null ? 0 : ((await this.repo.memberLevelId(memberId)) ?? 0),
      payment_available: false,
    };
  }

  /**
   * Records a member's request to move to a higher level; an operator sees it
   * (`npm run admin -- upgrade list`). The seam for a payment provider is here.
   */
  async requestUpgrade(memberId: number, levelId: number, remark: string): Promise<number> {
    const levels = await this.repo.levels();
    const target = levels.find((level) => level.id === levelId);
    if (!target) {
      throw badRequest(Msg.levelNotFound);
    }
    const currentId = await this.repo.memberLevelId(memberId);
    const current = levels.find((level) => level.id === currentId);
    if (current && current.sort >= target.sort) {
      throw badRequest(Msg.upgradeNotHigher);
    }
    return this.repo.insertUpgradeRequest(memberId, levelId, remark, this.deps.now());
  }

  /** Pending upgrade requests (operator CLI). */
  pendingUpgrades() {
    return this.repo.pendingUpgradeRequests();
  }

  /** Closes an upgrade request (operator CLI); false when none is pending with that id. */
  closeUpgrade(id: number, status: 'done' | 'rejected'): Promise<boolean> {
    return this.repo.closeUpgradeRequest(id, status);
  }

  /** Categories with their courses (chapter counts and total duration). */
  async catalogue(): Promise<CourseCategory[]> {
    const rows = await this.repo.list(['course-category', 'course', 'chapter']);
    const chapters = rows
      .filter((row) => row.kind === 'chapter')
      .map((row) => ({ row, meta: metaOf('chapter', row.meta) }));
    const courses = rows.filter((row) => row.kind === 'course');
    return rows
      .filter((row) => row.kind === 'course-category')
      .map((category) => ({
        slug: category.slug,
        title: category.title,
        courses: courses
          .filter((course) => metaOf('course', course.meta).category === category.slug)
          .map((course) =>
            this.summary(
              course,
              chapters.filter((c) => c.meta.course === course.slug).map((c) => c.meta),
            ),
          ),
      }))
      .filter((category) => category.courses.length > 0);
  }

  /** One course with its chapters; a members-only chapter's video is left out for a visitor. */
  async course(slug: string, signedIn: boolean): Promise<CourseDetail | null> {
    const course = await this.repo.find('course', slug);
    if (!course) {
      return null;
    }
    const rows = (await this.repo.list(['chapter'])).filter((row) => metaOf('chapter', row.meta).course === slug);
    const chapters: CourseChapter[] = await Promise.all(
      rows.map(async (row) => {
        const meta = metaOf('chapter', row.meta);
        const playable = !meta.members_only || signedIn;
        return {
          slug: row.slug,
          title: row.title,
          body: row.body,
          video: playable ? await this.offeredMedia(meta.video) : '',
          duration: meta.duration,
          members_only: meta.members_only,
          playable,
        };
      }),
    );
    const meta = metaOf('course', course.meta);
    return {
      ...this.summary(course, chapters),
      category: meta.category,
      body: course.body,
      chapters,
    };
  }

  /** Live sessions and whether one is live now, at the server's clock. */
  async live(): Promise<LiveList> {
    const now = this.deps.now();
    const rows = await this.repo.list(['live']);
    const sessions: LiveSession[] = rows.map((row) => {
      const meta = metaOf('live', row.meta);
      const startsAt = Date.parse(meta.starts_at);
      const endsAt = Date.parse(meta.ends_at);
      const state = now < startsAt ? 'upcoming' : now < endsAt ? 'live' : 'ended';
      return {
        slug: row.slug,
        title: row.title,
        body: row.body,
        host: meta.host,
        starts_at: startsAt,
        ends_at: endsAt,
        state,
        replay: state === 'ended' ? this.mediaUrl(meta.replay) : '',
      };
    });
    sessions.sort((a, b) => a.starts_at - b.starts_at);
    return { live_now: sessions.some((s) => s.state === 'live'), sessions };
  }

  /** The latest Windows and Mac builds from the release records; a link only when its file is there. */
  async downloads(): Promise<DownloadBuild[]> {
    const links = await clientLinks(this.deps);
    const builds: DownloadBuild[] = [];
    for (const [platform, code, url] of [
      ['win', '1', links.windows_url],
      ['mac', '2', links.mac_config_url],
    ] as const) {
      const latest = await versionCheck(this.deps, code, 0);
      builds.push({
        platform,
        version_name: latest.versionName,
        version_info: latest.versionInfo,
        url: latest.downloadUrl || url,
      });
    }
    return builds;
  }

  /** The current user agreement or privacy policy (the highest version). */
  async agreement(kind: 'agreement' | 'privacy'): Promise<AgreementDoc | null> {
    const rows = await this.repo.list([kind]);
    const docs = rows
      .map((row) => ({ row, meta: metaOf(kind, row.meta) }))
      .sort((a, b) => compareVersions(b.meta.version, a.meta.version));
    const top = docs[0];
    return top
      ? { kind, title: top.row.title, version: top.meta.version, date: top.meta.date, body: top.row.body }
      : null;
  }

  /** Whether the member agreed to the current user agreement. */
  async agreementStatus(memberId: number): Promise<AgreementStatus> {
    const current = await this.agreement('agreement');
    const agreed = (await this.repo.agreedVersion(memberId)) ?? '';
    const version = current?.version ?? '';
    return { version, agreed_version: agreed, agreed: version === '' || agreed === version };
  }

  /** Records the member's agreement; refused when `version` is no longer the current one. */
  async agree(memberId: number, version: string): Promise<AgreementStatus> {
    const current = await this.agreement('agreement');
    if (!current || current.version !== version) {
      throw badRequest(Msg.agreementChanged);
    }
    await this.repo.agree(memberId, version, this.deps.now());
    return { version, agreed_version: version, agreed: true };
  }

  /** The sections of the product detail page or the agent programme. */
  async sections(page: 'product' | 'agent'): Promise<PageSection[]> {
    const rows = await this.repo.list([page]);
    return rows.map((row) => {
      const meta = page === 'product' ? metaOf('product', row.meta) : { image: '', link: '' };
      return { slug: row.slug, title: row.title, body: row.body, image: this.mediaUrl(meta.image), link: meta.link };
    });
  }

  /** Help articles whose title, feature or text holds `keyword` (all when empty). */
  async help(keyword: string): Promise<HelpArticle[]> {
    const needle = keyword.trim().toLowerCase();
    const rows = await this.repo.list(['help']);
    return rows
      .map((row) => ({ slug: row.slug, title: row.title, body: row.body, ...metaOf('help', row.meta) }))
      .filter((a) => !needle || [a.title, a.feature, a.body].some((t) => t.toLowerCase().includes(needle)));
  }

  /** Every document (export). */
  async documents(kinds: readonly ContentKind[]): Promise<ContentDoc[]> {
    const rows = await this.repo.list(kinds);
    return rows.map((row) => ({
      kind: row.kind as ContentKind,
      slug: row.slug,
      title: row.title,
      sort: row.sort,
      meta: JSON.parse(row.meta) as Record<string, unknown>,
      body: row.body,
    }));
  }

  /** Writes documents: `replace` overwrites an existing (kind, slug), else an existing one stays (seed). */
  async save(docs: readonly ContentDoc[], mode: 'replace' | 'keep'): Promise<void> {
    const at = this.deps.now();
    for (const doc of docs) {
      const row: ContentRow = {
        kind: doc.kind,
        slug: doc.slug,
        title: doc.title,
        body: doc.body,
        meta: JSON.stringify(doc.meta),
        sort: doc.sort,
        updated_at: at,
      };
      await (mode === 'replace' ? this.repo.upsert(row) : this.repo.insertMissing(row));
    }
  }

  /** Levels with their price and features (export). */
  async levelOffers(): Promise<(LevelOffer & { name: string })[]> {
    return (await this.repo.levels()).map((level) => ({
      level_id: level.id,
      name: level.name,
      price: Number(level.price),
      features: parseStrings(level.features),
    }));
  }

  /** Sets level offers; with `onlyUnset`, a level whose features an operator already set stays. */
  async setLevelOffers(offers: readonly LevelOffer[], onlyUnset: boolean): Promise<void> {
    const levels = await this.repo.levels();
    for (const offer of offers) {
      const level = levels.find((l) => l.id === offer.level_id);
      if (!level) {
        throw new Error(`level ${offer.level_id} does not exist`);
      }
      if (onlyUnset && parseStrings(level.features).length > 0) {
        continue;
      }
      await this.repo.setLevelOffer(offer.level_id, offer.price, JSON.stringify(offer.features));
    }
  }

  /** Stores a media file of the content under `content/<relative path>`. */
  async putMedia(relativePath: string, body: Buffer, contentType: string): Promise<void> {
    await this.deps.storage.put(CONTENT_MEDIA_PREFIX + relativePath, body, contentType);
  }

  /** True when a content media file is in storage. */
  async hasMedia(relativePath: string): Promise<boolean> {
    return (await this.deps.storage.size(CONTENT_MEDIA_PREFIX + relativePath).catch(() => null)) !== null;
  }

  /** Reads a content media file back (export). */
  readMedia(relativePath: string) {
    return this.deps.storage.read(CONTENT_MEDIA_PREFIX + relativePath);
  }

  /** Number of documents of a kind. */
  count(kind: ContentKind): Promise<number> {
    return this.repo.count(kind);
  }

  /** The URL of a media reference: a path under the import's `media/` is in storage; URLs stay. */
  private mediaUrl(ref: string): string {
    if (!ref || /^(https?:)?\/\//.test(ref) || ref.startsWith('/')) {
      return ref;
    }
    return this.deps.storage.publicUrl(CONTENT_MEDIA_PREFIX + ref);
  }

  /** The media URL when it can be played: a stored file only once it is there (no dead links). */
  private async offeredMedia(ref: string): Promise<string> {
    const url = this.mediaUrl(ref);
    if (url === ref) {
      return ref;
    }
    return (await this.hasMedia(ref)) ? url : '';
  }

  private summary(course: ContentRow, chapters: readonly { duration: number; members_only: boolean }[]): CourseSummary {
    const meta = metaOf('course', course.meta);
    return {
      slug: course.slug,
      title: course.title,
      summary: meta.summary,
      cover: this.mediaUrl(meta.cover),
      chapter_count: chapters.length,
      duration: chapters.reduce((sum, c) => sum + c.duration, 0),
      free_count: chapters.filter((c) => !c.members_only).length,
    };
  }
}

/** Compares dotted versions numerically (1.10 > 1.9). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split('.').map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) {
      return d;
    }
  }
  return 0;
}

function parseStrings(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
