import type { SitePages } from './site.ts';

/** kuaishou's own pages (research/connectors.md); the generic pages serve what is not here yet. */
export const kuaishouSite: SitePages = {};
