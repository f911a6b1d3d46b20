/** Query keys of the public site. */
export const siteKeys = {
  all: ['site'] as const,
  setting: () => [...siteKeys.all, 'setting'] as const,
  clientLinks: () => [...siteKeys.all, 'client-links'] as const,
  downloads: () => [...siteKeys.all, 'downloads'] as const,
};
