import type { SitePages } from './site.ts';

/** douyin's own pages (research/connectors.md); the generic pages serve what is not here yet. */
export const douyinSite: SitePages = {};
