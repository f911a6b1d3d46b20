import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { accountKeys } from '../../../api/account/account-keys.ts';
import { getHarvestAccountsQueryOptions } from '../../../api/harvest/get-harvest-accounts.ts';
import { customerKeys } from '../../../api/customer/customer-keys.ts';
import { useMemberInfo } from '../../../api/member/get-member-info.ts';
import { notifyInfo, notifyNotice, notifySuccess } from '../../../lib/notify.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { apiBase } from '../../../lib/request.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import type { ChatSocketHandlers } from '../../../lib/socket.ts';

/** Keeps the chat socket open while signed in with user info loaded (SPEC §4); closes it on logout. */
export function useChatSocket(): void {
  const token = useSessionStore((s) => s.token);
  const { data: member } = useMemberInfo(Boolean(token));
  const memberId = member?.member_id;
  const navigate = useNavigate();
  // Handlers read the latest navigate without reopening the socket on every render.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    if (!token || !memberId) {
      return undefined;
    }
    // The socket client and alerts load after first paint, keeping them out of the console's first JS.
    let cancelled = false;
    let close: (() => void) | undefined;
    void Promise.all([import('../../../lib/socket.ts'), import('../../../lib/message-alert.ts')]).then(
      ([socket, alert]) => {
        if (cancelled) {
          return;
        }
        alert.requestNotificationPermission();
        const handlers: ChatSocketHandlers = {
          redict: (path) => void navigateRef.current(path),
          message: (msg) => notifySuccess(msg),
          refresh: () => window.location.reload(),
          sendMsg: (data) => {
            void queryClient.invalidateQueries({ queryKey: customerKeys.all });
            alert.notifyNewMessage(data, window.location.pathname);
            alert.playMessageSound();
          },
        };
        socket.openChatSocket({ url: socket.chatSocketUrl(apiBase, window.location), memberId, token, handlers });
        // Frames sent while the link was down (a missed pong on a loaded machine, a server restart) are lost:
        // on each bind the message list, and so the unread badge, is read again.
        const stopBound = socket.onSocketBound(
          () => void queryClient.invalidateQueries({ queryKey: customerKeys.all }),
        );
        // A runner found stored logins that stopped working: name the accounts to authorize again.
        const stopExpired = socket.onAccountAuthExpired((data) => {
          void queryClient.invalidateQueries({ queryKey: accountKeys.all });
          // Harvesting stops on an expired account too (评论私信采集 shows it).
          void queryClient.invalidateQueries({ queryKey: getHarvestAccountsQueryOptions().queryKey });
          notifyInfo(fillMsg(Msg.authNeedsReauth, { accounts: data.accounts.map((a) => a.nickname).join('、') }));
        });
        // A platform answered harvesting with a rate limit or a check: say which account waits, and until
        // when, in a notice that stays until closed (a toast of a few seconds is missed by a member away).
        const stopPaused = socket.onHarvestPaused((data) => {
          void queryClient.invalidateQueries({ queryKey: getHarvestAccountsQueryOptions().queryKey });
          notifyNotice(
            Msg.harvestPausedTitle,
            fillMsg(Msg.harvestPausedAccount, { account: data.nickname, notice: data.notice }),
            `harvest-paused-${data.enterprise_account_id}`,
          );
        });
        close = () => {
          stopBound();
          stopExpired();
          stopPaused();
          socket.closeChatSocket();
        };
      },
    );
    return () => {
      cancelled = true;
      close?.();
    };
  }, [token, memberId]);
}
