import { useSyncExternalStore } from 'react';
import { CARD_LIST_BREAKPOINT_PX, MOBILE_BREAKPOINT_PX } from '@vidmatrix/contract/constants';

/** True while the media query matches. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The mobile layout applies under MOBILE_BREAKPOINT_PX (SPEC §2.3). */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
}

/** Phones (under CARD_LIST_BREAKPOINT_PX): lists become cards. */
export function useIsPhone(): boolean {
  return useMediaQuery(`(max-width: ${CARD_LIST_BREAKPOINT_PX - 1}px)`);
}
