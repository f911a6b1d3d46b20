import { z } from 'zod';
import { id, text } from './common.ts';

export { ContentApi } from './content-paths.ts';

/**
 * The public site's content (issue 12): one document store, each kind with its own front matter.
 * Operators write documents as Markdown with front matter (`npm run admin -- content import`).
 */
export const CONTENT_KINDS = [
  'changelog',
  'course-category',
  'course',
  'chapter',
  'live',
  'agreement',
  'privacy',
  'product',
  'agent',
  'help',
] as const;
export const contentKind = z.enum(CONTENT_KINDS);
export type ContentKind = z.infer<typeof contentKind>;

/** Longest slug of a document (its file name without `.md`). */
export const CONTENT_SLUG_MAX = 80;
/** A document's slug: lower-case letters, digits, dots and dashes (a safe file name). */
export const contentSlug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9.-]*$/)
  .max(CONTENT_SLUG_MAX);

/** Which client a change log entry is about. */
export const changelogClient = z.enum(['all', 'web', 'desktop', 'server']);

/** Front matter of each kind; `title` and `sort` are common to all and live on the document. */
export const contentMeta = {
  changelog: z.object({
    version: z.string().min(1),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    client: changelogClient,
  }),
  'course-category': z.object({}),
  course: z.object({ category: contentSlug, summary: z.string().default(''), cover: z.string().default('') }),
  chapter: z.object({
    course: contentSlug,
    video: z.string().default(''),
    duration: z.number().nonnegative().default(0),
    members_only: z.boolean().default(false),
  }),
  live: z.object({
    starts_at: z.string().min(1),
    ends_at: z.string().min(1),
    host: z.string().default(''),
    replay: z.string().default(''),
  }),
  agreement: z.object({ version: z.string().min(1), date: z.string().default('') }),
  privacy: z.object({ version: z.string().min(1), date: z.string().default('') }),
  product: z.object({ image: z.string().default(''), link: z.string().default('') }),
  agent: z.object({}),
  help: z.object({ feature: z.string().min(1), link: z.string().default('') }),
} as const satisfies Record<ContentKind, z.ZodType>;

/** GET /api/content.ChangeLog/list: change log entries, newest first. */
export const changelogEntry = z.object({
  version: z.string(),
  date: z.string(),
  client: changelogClient,
  title: z.string(),
  body: z.string(),
});
export const changelogList = z.array(changelogEntry);
export type ChangelogEntry = z.infer<typeof changelogEntry>;

/** GET /api/content.Pricing/levels: the membership levels as the server enforces them. */
export const pricingLevel = z.object({
  level_id: z.number().int(),
  name: z.string(),
  /** Price per year in fen (0: free trial). */
  price: z.number().int(),
  account_num: z.number().int(),
  space_storage: z.number(),
  material_retention_days: z.number().int(),
  features: z.array(z.string()),
});
export const pricingLevels = z.object({
  levels: z.array(pricingLevel),
  /** The signed-in member's level id, 0 for a visitor. */
  current_level_id: z.number().int(),
  /** Whether a payment provider is reachable; false here: upgrading is a request an operator handles. */
  payment_available: z.boolean(),
});
export type PricingLevel = z.infer<typeof pricingLevel>;
export type PricingLevels = z.infer<typeof pricingLevels>;

/** POST /api/content.Pricing/upgrade body. */
export const upgradeBody = z.object({ level_id: id(), remark: text().max(200).default('') });
export const upgradeResult = z.object({ request_id: z.number().int(), status: z.literal('pending') });

/** A course chapter; `video` is empty for a visitor on a members-only chapter. */
export const courseChapter = z.object({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  video: z.string(),
  duration: z.number(),
  members_only: z.boolean(),
  /** True when this caller may play it (free, or signed in). */
  playable: z.boolean(),
});
export const courseSummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  chapter_count: z.number().int(),
  duration: z.number(),
  free_count: z.number().int(),
});
export const courseCategory = z.object({ slug: z.string(), title: z.string(), courses: z.array(courseSummary) });
export const courseCatalogue = z.array(courseCategory);
export const courseDetailQuery = z.object({ slug: contentSlug });
export const courseDetail = courseSummary.extend({
  category: z.string(),
  body: z.string(),
  chapters: z.array(courseChapter),
});
export type CourseChapter = z.infer<typeof courseChapter>;
export type CourseSummary = z.infer<typeof courseSummary>;
export type CourseCategory = z.infer<typeof courseCategory>;
export type CourseDetail = z.infer<typeof courseDetail>;

/** GET /api/content.Live/list: sessions with their state at the server's clock. */
export const liveState = z.enum(['upcoming', 'live', 'ended']);
export const liveSession = z.object({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  host: z.string(),
  starts_at: z.number(),
  ends_at: z.number(),
  state: liveState,
  replay: z.string(),
});
export const liveList = z.object({ live_now: z.boolean(), sessions: z.array(liveSession) });
export type LiveSession = z.infer<typeof liveSession>;
export type LiveList = z.infer<typeof liveList>;

/** GET /api/content.Download/info: the latest desktop builds (release records) and client links. */
export const downloadBuild = z.object({
  platform: z.enum(['win', 'mac']),
  version_name: z.string(),
  version_info: z.string(),
  /** Empty when the file is not in storage: no dead links. */
  url: z.string(),
});
export const downloadInfo = z.array(downloadBuild);
export type DownloadBuild = z.infer<typeof downloadBuild>;

/** GET /api/content.Agreement/current query and answer: the user agreement or privacy policy. */
export const agreementQuery = z.object({ kind: z.enum(['agreement', 'privacy']).default('agreement') });
export const agreementDoc = z.object({
  kind: z.string(),
  title: z.string(),
  version: z.string(),
  date: z.string(),
  body: z.string(),
});
export type AgreementDoc = z.infer<typeof agreementDoc>;

/** GET /api/content.Agreement/status (member): whether they agreed to the current version. */
export const agreementStatus = z.object({ version: z.string(), agreed_version: z.string(), agreed: z.boolean() });
export type AgreementStatus = z.infer<typeof agreementStatus>;
/** POST /api/content.Agreement/agree body: the version the member read. */
export const agreeBody = z.object({ version: z.string().min(1).max(40) });

/** GET /api/content.Page/sections: the product detail page's or the agent programme's sections. */
export const sectionsQuery = z.object({ page: z.enum(['product', 'agent']) });
export const pageSection = z.object({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  image: z.string(),
  link: z.string(),
});
export const pageSections = z.array(pageSection);
export type PageSection = z.infer<typeof pageSection>;

/** GET /api/content.Help/list: help articles, grouped by feature on the page, searchable. */
export const helpQuery = z.object({ keyword: text().max(50).default('') });
export const helpArticle = z.object({
  slug: z.string(),
  title: z.string(),
  feature: z.string(),
  body: z.string(),
  link: z.string(),
});
export const helpList = z.array(helpArticle);
export type HelpArticle = z.infer<typeof helpArticle>;
