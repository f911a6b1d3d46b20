import { redirect, type LoaderFunctionArgs } from 'react-router';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { withDeadline } from '../lib/deadline.ts';
import { isTokenlessPath, normalizePath, withRedirect } from '../lib/paths.ts';
import { readToken } from '../lib/storage-keys.ts';

/** The route guard of SPEC §2.2, run as the root loader on every navigation. */
export async function routeGuard({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const url = new URL(request.url);
  const path = normalizePath(url.pathname);

  if (readToken()) {
    if (path === PublicPath.homeLogin) {
      return redirect('/');
    }
    // The session half (TanStack Query, member APIs) loads only with a token, keeping it off /home's first paint.
    const { ensureSession } = await withDeadline(import('./load-session.ts'));
    return ensureSession(path);
  }

  if (isTokenlessPath(path)) {
    return null;
  }
  return redirect(withRedirect(PublicPath.homeLogin, path));
}
