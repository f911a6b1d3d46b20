import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseCategory, CourseDetail } from '@vidmatrix/contract/api/content';
import { get } from '../../../lib/request.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { contentKeys } from './content-keys.ts';

/** GET /api/content.Course/list: categories with their courses. */
export function getCourses(signal?: AbortSignal): Promise<CourseCategory[]> {
  return get<CourseCategory[]>('/api/content.Course/list', undefined, { signal });
}

/** The course catalogue as a query. */
export function getCoursesQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.courses(),
    queryFn: ({ signal }) => getCourses(signal),
    staleTime: 60_000,
  });
}

/** The course catalogue. */
export function useCourses() {
  return useQuery(getCoursesQueryOptions());
}

/** GET /api/content.Course/detail: a course; members-only videos only when signed in. */
export function getCourse(slug: string, signal?: AbortSignal): Promise<CourseDetail> {
  return get<CourseDetail>('/api/content.Course/detail', { slug }, { signal });
}

/** A course as a query, keyed by sign-in (a member may play more chapters). */
export function getCourseQueryOptions(slug: string, signedIn: boolean) {
  return queryOptions({
    queryKey: contentKeys.course(slug, signedIn),
    queryFn: ({ signal }) => getCourse(slug, signal),
    enabled: slug !== '',
  });
}

/** One course with its chapters. */
export function useCourse(slug: string) {
  const signedIn = useSessionStore((s) => Boolean(s.token));
  return useQuery(getCourseQueryOptions(slug, signedIn));
}
