// Zod-free, so the pre-rendered public pages can name these calls without loading the schemas (their JS budget).

/** The public content calls (and the member's agreement and upgrade). */
export const ContentApi = {
  changelog: '/api/content.ChangeLog/list',
  pricingLevels: '/api/content.Pricing/levels',
  pricingUpgrade: '/api/content.Pricing/upgrade',
  courseList: '/api/content.Course/list',
  courseDetail: '/api/content.Course/detail',
  liveList: '/api/content.Live/list',
  downloadInfo: '/api/content.Download/info',
  agreementCurrent: '/api/content.Agreement/current',
  agreementStatus: '/api/content.Agreement/status',
  agreementAgree: '/api/content.Agreement/agree',
  sections: '/api/content.Page/sections',
  helpList: '/api/content.Help/list',
} as const;
