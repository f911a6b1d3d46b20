import { MARKETING_PATHS, TOKENLESS_PATHS } from '@vidmatrix/contract/console-paths';

/** Drops a trailing slash so `/home/` and `/home` are the same page. */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** True when a path is open without a token (SPEC §2.2); `/redirect` matches as a prefix. */
export function isTokenlessPath(path: string): boolean {
  const p = normalizePath(path);
  return TOKENLESS_PATHS.some((allowed) =>
    allowed === '/redirect' ? p === allowed || p.startsWith(`${allowed}/`) : p === allowed,
  );
}

/** True on the marketing pages, which show no sidebar, status bar or left margin (SPEC §2.3). */
export function isMarketingPath(path: string): boolean {
  return (MARKETING_PATHS as readonly string[]).includes(normalizePath(path));
}

/** `base?redirect=target`, with the target encoded but its slashes kept readable. */
export function withRedirect(base: string, target: string): string {
  return `${base}?redirect=${encodeURIComponent(target).replace(/%2F/gi, '/')}`;
}

/** The redirect target of a login page: a same-site path only, else the fallback. */
export function safeRedirect(target: string | null, fallback: string): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) {
    return fallback;
  }
  return target;
}
