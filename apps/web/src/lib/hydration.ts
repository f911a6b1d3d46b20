import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False while a pre-rendered page renders on the server and while the browser hydrates it, true in every
 * later render (React renders again at once after hydrating). A page whose first client render must match
 * the visitor's HTML shows what only this browser knows (the member, a stored flag) once this is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
