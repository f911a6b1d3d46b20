/** Query keys of the public site's shared data (its setting and the client links) and of /download. */
export const siteKeys = {
  all: ['site'] as const,
  setting: () => [...siteKeys.all, 'setting'] as const,
  clientLinks: () => [...siteKeys.all, 'client-links'] as const,
  downloads: () => [...siteKeys.all, 'downloads'] as const,
};
