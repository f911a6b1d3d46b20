import { create } from 'zustand';
import { useHydrated } from './hydration.ts';
import { readToken, readValue, StorageKey } from './storage-keys.ts';

interface SessionState {
  /** The member token (mirrors localStorage so components re-render on sign-in and sign-out). */
  token: string | null;
  username: string;
  /** role_ids of the signed-in member; empty until the guard has loaded user info. */
  roles: number[];
  setToken: (token: string | null, username?: string) => void;
  setRoles: (roles: number[]) => void;
  reset: () => void;
}

/** Session state of this tab; server data about the member lives in TanStack Query. */
export const useSessionStore = create<SessionState>()((set) => ({
  token: readToken(),
  username: readValue(StorageKey.username) ?? '',
  roles: [],
  setToken: (token, username) => set((s) => ({ token, username: username ?? s.username, roles: [] })),
  setRoles: (roles) => set({ roles }),
  reset: () => set({ token: null, username: '', roles: [] }),
}));

/**
 * The member token as a public page shows it: null while the browser hydrates the page's pre-rendered
 * HTML (the visitor's view, so React finds what it rendered: no hydration error), the token from the next
 * render on. Pages that are never pre-rendered read `useSessionStore` directly.
 */
export function usePageToken(): string | null {
  const token = useSessionStore((s) => s.token);
  return useHydrated() ? token : null;
}
