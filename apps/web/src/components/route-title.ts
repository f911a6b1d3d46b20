import { useLocation, useMatches } from 'react-router';

/** What a route may carry in its `handle`. */
export interface RouteHandle {
  /** Page title (document title, coming page heading); a function where one path serves several pages. */
  title?: string | ((search: URLSearchParams) => string);
}

function isHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'title' in value;
}

/** The title of the deepest matched route that has one. */
export function useRouteTitle(): string {
  const matches = useMatches();
  const { search } = useLocation();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    const title = isHandle(handle) ? handle.title : undefined;
    const text = typeof title === 'function' ? title(new URLSearchParams(search)) : title;
    if (text) {
      return text;
    }
  }
  return '';
}
