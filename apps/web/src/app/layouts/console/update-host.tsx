import { lazy, Suspense, useEffect } from 'react';
import { Msg } from '@vidmatrix/contract/messages';
import { getVersionInfoQueryOptions, isUpdate } from '../../../api/setting/get-version-info.ts';
import { getDesktop } from '../../../lib/desktop.ts';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useUiStore } from '../../../lib/ui-store.ts';
import { updateDialogOf, useUpdateStore } from '../../../lib/update-store.ts';

// antd's Modal and Progress load only when a dialog shows: the console shell stays antd-free.
const UpdateDialog = lazy(() =>
  import('../../../features/setting/components/update-dialog.tsx').then((m) => ({ default: m.UpdateDialog })),
);

/** The shell was asked for its start-up update check (once per page load, whatever remounts). */
let askedShellAtStart = false;

/** Feeds the update flow (SPEC §4) from the shell's events, or from versionInfo in a browser, and mounts its dialogs. */
export function UpdateHost() {
  const dialog = useUpdateStore(updateDialogOf);
  const phase = useUpdateStore((s) => s.phase);
  const manual = useUpdateStore((s) => s.manual);
  const updateData = useUiStore((s) => s.updateData);

  useEffect(() => {
    const desktop = getDesktop();
    if (!desktop) {
      return undefined;
    }
    const unsubscribe = desktop.onUpdate((event) => {
      useUpdateStore.getState().apply(event);
      // SPEC §8: update-error is information, a download error shows the returned msg.
      if (event.type === 'error') {
        if (event.kind === 'update-error') {
          notifyInfo(event.message);
        } else {
          notifyError(event.message);
        }
      }
    });
    // SPEC §4: the shell looks for a newer release once per start, asked only now that the page listens.
    if (!askedShellAtStart) {
      askedShellAtStart = true;
      desktop.checkForUpdate().catch(() => undefined);
    }
    return unsubscribe;
  }, []);

  // The web build: a newer client found by the status bar's check is offered through the download page.
  useEffect(() => {
    if (!getDesktop() && updateData) {
      useUpdateStore.getState().offerWeb({ versionName: updateData.versionName, versionInfo: updateData.versionInfo });
    }
  }, [updateData]);

  // A manual check in a browser asks versionInfo directly (the shell answers through events instead).
  useEffect(() => {
    if (getDesktop() || phase !== 'checking' || !manual) {
      return;
    }
    const store = useUpdateStore.getState();
    queryClient.fetchQuery({ ...getVersionInfoQueryOptions(), staleTime: 0 }).then(
      (result) => {
        if (isUpdate(result)) {
          store.offerWeb({ versionName: result.versionName, versionInfo: result.versionInfo });
        } else {
          store.apply({ type: 'none', message: Msg.latestVersion });
        }
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        store.apply({ type: 'error', kind: 'update-error', message });
        notifyInfo(message);
      },
    );
  }, [phase, manual]);

  if (!dialog) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <UpdateDialog kind={dialog} />
    </Suspense>
  );
}
