import { useEffect } from 'react';
import { useMemberInfo } from '../../../api/member/get-member-info.ts';
import { getDesktop } from '../../../lib/desktop.ts';
import { useSessionStore } from '../../../lib/session-store.ts';

/**
 * Tells the desktop shell who is signed in (after login and on every load), so it checks the
 * accounts' authorizations and runs task sync for that member (SPEC §4); logout tells it in endSession.
 */
export function useDesktopSession(): void {
  const token = useSessionStore((s) => s.token);
  const memberId = useMemberInfo().data?.member_id;
  useEffect(() => {
    const desktop = getDesktop();
    if (desktop?.signedIn && token && memberId !== undefined) {
      desktop.signedIn({ memberId, memberToken: token });
    }
  }, [token, memberId]);
}
