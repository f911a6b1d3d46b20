import type { SitePages } from './site.ts';

/** xiaohongshu's own pages (research/connectors.md); the generic pages serve what is not here yet. */
export const xiaohongshuSite: SitePages = {};
