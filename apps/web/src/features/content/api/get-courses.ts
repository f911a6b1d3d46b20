import { ContentApi } from '@vidmatrix/contract/api/content-paths';
import type { CourseCategory, CourseDetail } from '@vidmatrix/contract/api/content';
import { peekPageData, usePageData } from '../../../lib/page-data.ts';
import { get } from '../../../lib/request.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { contentKeys } from '../../../api/content/content-keys.ts';

/** GET /api/content.Course/list: categories with their courses. */
export function getCourses(signal?: AbortSignal): Promise<CourseCategory[]> {
  return get<CourseCategory[]>(ContentApi.courseList, undefined, { signal, disableMessage: true });
}

/** The course catalogue. */
export function useCourses() {
  return usePageData(contentKeys.courses(), () => getCourses(), { staleMs: 60_000 });
}

/** GET /api/content.Course/detail: a course; members-only videos only when signed in. */
export function getCourse(slug: string, signal?: AbortSignal): Promise<CourseDetail> {
  return get<CourseDetail>(ContentApi.courseDetail, { slug }, { signal, disableMessage: true });
}

/**
 * One course with its chapters, keyed by sign-in (a member may play more chapters). A member first sees
 * the visitor's answer the page was rendered on (the server renders the visitor's view), so the page
 * hydrates on the same markup, then their own.
 */
export function useCourse(slug: string) {
  const signedIn = useSessionStore((s) => Boolean(s.token));
  return usePageData(contentKeys.course(slug, signedIn), () => getCourse(slug), {
    placeholder: signedIn ? () => peekPageData<CourseDetail>(contentKeys.course(slug, false)) : undefined,
  });
}
