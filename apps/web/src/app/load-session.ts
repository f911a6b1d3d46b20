import { redirect } from 'react-router';
import { CoreMsg as Msg } from '@vidmatrix/contract/messages-core';
import { PublicPath } from '@vidmatrix/contract/console-paths';
import { hasRoles } from '@vidmatrix/contract/rules/roles';
import { getMemberInfoQueryOptions } from '../api/member/get-member-info.ts';
import { getLevelInfoQueryOptions } from '../api/member/get-level-info.ts';
import { getMenusQueryOptions } from '../api/member/get-menus.ts';
import { loadClientLinks } from '../api/site/get-client-links.ts';
import { getStorageInfoQueryOptions } from '../api/storage/get-storage-info.ts';
import { notifyError } from '../lib/notify.ts';
import { withRedirect } from '../lib/paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { isVerdict, RequestError } from '../lib/request.ts';
import { dropToken } from '../lib/session.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { StorageKey, writeValue } from '../lib/storage-keys.ts';

// The signed-in half of the route guard; route-guard.ts imports it only when there is a token.

let sessionLoad: Promise<void> | null = null;

/** A §4 check failed: no data for the token, or no role that may use the console. */
class SessionRefused extends Error {}

/** Loads user info and checks its roles (SPEC §4); the rest of the session data follows in order. */
async function loadSession(): Promise<void> {
  const info = await queryClient.fetchQuery(getMemberInfoQueryOptions());
  if (!info) {
    throw new SessionRefused(Msg.authFailed);
  }
  if (!hasRoles(info.role_ids)) {
    throw new SessionRefused(Msg.rolesFailed);
  }
  writeValue(StorageKey.nickname, info.nickname);
  writeValue(StorageKey.avatarUrl, info.avatar_url);
  useSessionStore.getState().setRoles(info.role_ids);
  // Then, in this order: cloud storage info, level info, the latest client info. Pages do not wait
  // for them (their own queries share these fetches), and a failure here does not end the session.
  const steps = [
    () => queryClient.fetchQuery(getStorageInfoQueryOptions()),
    () => queryClient.fetchQuery(getLevelInfoQueryOptions()),
    loadClientLinks,
  ];
  void (async () => {
    for (const step of steps) {
      await step().catch(() => undefined);
    }
  })();
}

/** True when a failed session load means the token is no good: a refusal (401…) or a §4 check. */
function endsSession(error: unknown): boolean {
  return error instanceof SessionRefused || isVerdict(error);
}

/**
 * Makes sure the session of the stored token is loaded; a broken one is dropped and sent to /home.
 * A busy or unreachable server (already retried by the request layer) keeps the token: the route's
 * error page offers 重新加载 instead of signing the member out.
 */
export async function ensureSession(path: string): Promise<Response | null> {
  if (hasRoles(useSessionStore.getState().roles)) {
    return null;
  }
  try {
    sessionLoad ??= loadSession();
    await sessionLoad;
  } catch (error) {
    if (!endsSession(error)) {
      throw error;
    }
    dropToken();
    // Request errors were already shown by the request layer (toast or the 401 alert).
    if (!(error instanceof RequestError && error.notified)) {
      notifyError(error instanceof Error ? error.message : Msg.serverError);
    }
    return redirect(withRedirect(PublicPath.home, path));
  } finally {
    sessionLoad = null;
  }
  return null;
}

/**
 * The member's menu tree (cached), for patching server menus into the router. User info is asked for
 * in the same moment: the guard runs only after the patch, and by then the page's code fetches (a
 * hundred on a cold load) would fill the browser's six connections ahead of it (issue 25, first loads).
 */
export function loadMenus() {
  if (!hasRoles(useSessionStore.getState().roles)) {
    void queryClient.prefetchQuery(getMemberInfoQueryOptions());
  }
  return queryClient.ensureQueryData(getMenusQueryOptions());
}
