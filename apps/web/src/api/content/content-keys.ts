import { PublicPath } from '@vidmatrix/contract/console-paths';

/** Query keys of the public site's content. */
export const contentKeys = {
  all: ['content'] as const,
  changelog: () => [...contentKeys.all, 'changelog'] as const,
  pricing: (signedIn: boolean) => [...contentKeys.all, 'pricing', signedIn] as const,
  courses: () => [...contentKeys.all, 'courses'] as const,
  course: (slug: string, signedIn: boolean) => [...contentKeys.all, 'course', slug, signedIn] as const,
  live: () => [...contentKeys.all, 'live'] as const,
  agreement: (kind: 'agreement' | 'privacy') => [...contentKeys.all, 'agreement', kind] as const,
  sections: (page: 'product' | 'agent') => [...contentKeys.all, 'sections', page] as const,
  help: (keyword: string) => [...contentKeys.all, 'help', keyword] as const,
};

/** The query parameter /courseCenter reads a course's slug from (`?id=`), here and in its server render's data. */
export const COURSE_ID_PARAM = 'id';

/** The address of a course's page. */
export const courseHref = (slug: string) => `${PublicPath.courseCenter}?${COURSE_ID_PARAM}=${encodeURIComponent(slug)}`;
