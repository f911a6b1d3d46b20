import type { SitePages } from './site.ts';

/** bilibili's own pages (research/connectors.md); the generic pages serve what is not here yet. */
export const bilibiliSite: SitePages = {};
