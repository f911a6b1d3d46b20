import { useMatches } from 'react-router';

/** What a route may carry in its `handle`. */
export interface RouteHandle {
  /** Page title (document title, coming page heading). */
  title?: string;
}

function isHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value;
}

/** The title of the deepest matched route that has one. */
export function useRouteTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isHandle(handle) && handle.title) {
      return handle.title;
    }
  }
  return '';
}
