// Zod-free, so the pre-rendered public pages can name these calls without loading the schemas (their JS budget).

/** ContentApi's calls that only read: a client may send them again after a gateway failure (read-calls.ts). */
export const ContentReads = {
  changelog: '/api/content.ChangeLog/list',
  pricingLevels: '/api/content.Pricing/levels',
  courseList: '/api/content.Course/list',
  courseDetail: '/api/content.Course/detail',
  liveList: '/api/content.Live/list',
  downloadInfo: '/api/content.Download/info',
  agreementCurrent: '/api/content.Agreement/current',
  agreementStatus: '/api/content.Agreement/status',
  sections: '/api/content.Page/sections',
  helpList: '/api/content.Help/list',
} as const;

/** The public content calls (and the member's agreement and upgrade). */
export const ContentApi = {
  ...ContentReads,
  pricingUpgrade: '/api/content.Pricing/upgrade',
  agreementAgree: '/api/content.Agreement/agree',
} as const;
