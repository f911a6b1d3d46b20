import { create } from 'zustand';
import type { UpdateEvent } from '@vidmatrix/contract/desktop-api';

/** Where the update flow stands (SPEC §4): available → 安装并重启 → downloading → downloaded, or none / error. */
export type UpdatePhase = 'idle' | 'checking' | 'available' | 'downloading' | 'downloaded' | 'none' | 'error';

/** The update offered: from the shell's event, or the web build's versionInfo (then downloadUrl opens the download page). */
export interface UpdateOffer {
  versionName: string;
  versionInfo: string;
  sizeMb?: number;
}

export interface UpdateState {
  phase: UpdatePhase;
  offer: UpdateOffer | null;
  transferredMb: number;
  totalMb: number;
  /** The none / error message, as the shell worded it. */
  message: string;
  errorKind: 'update-error' | 'download' | null;
  /** The member asked for this check: only then does 当前已是最新版本 show. */
  manual: boolean;
  /** The dialog was closed; a new check or offer opens it again. */
  dismissed: boolean;
}

export const initialUpdateState: UpdateState = {
  phase: 'idle',
  offer: null,
  transferredMb: 0,
  totalMb: 0,
  message: '',
  errorKind: null,
  manual: false,
  dismissed: false,
};

/** Folds one update event into the state (pure, so every transition is unit-tested). */
export function reduceUpdate(state: UpdateState, event: UpdateEvent): UpdateState {
  switch (event.type) {
    case 'checking':
      return { ...state, phase: 'checking', message: '', errorKind: null };
    case 'available':
      return {
        ...state,
        phase: 'available',
        offer: { versionName: event.versionName, versionInfo: event.versionInfo, sizeMb: event.sizeMb },
        transferredMb: 0,
        totalMb: event.sizeMb,
        dismissed: false,
      };
    case 'progress':
      return {
        ...state,
        phase: 'downloading',
        transferredMb: event.transferredMb,
        totalMb: event.totalMb,
        dismissed: false,
      };
    case 'downloaded':
      return { ...state, phase: 'downloaded', transferredMb: state.totalMb, dismissed: false };
    case 'none':
      return { ...state, phase: 'none', message: event.message, dismissed: !state.manual };
    case 'error':
      return { ...state, phase: 'error', message: event.message, errorKind: event.kind };
  }
}

/** Which dialog the state shows, if any. */
export function updateDialogOf(state: UpdateState): 'update' | 'latest' | null {
  if (state.dismissed) {
    return null;
  }
  if (state.phase === 'available' || state.phase === 'downloading' || state.phase === 'downloaded') {
    return 'update';
  }
  // A download error keeps the update dialog so 安装并重启 can be pressed again.
  if (state.phase === 'error' && state.errorKind === 'download' && state.offer) {
    return 'update';
  }
  return state.phase === 'none' && state.manual ? 'latest' : null;
}

/** Download progress in whole percent, for the progress bar. */
export function progressPercent(transferredMb: number, totalMb: number): number {
  if (totalMb <= 0) {
    return 0;
  }
  return Math.min(100, Math.floor((transferredMb / totalMb) * 100));
}

/** "12.3 MB / 80.0 MB" under the progress bar (SPEC §2.3: progress in MB). */
export function formatProgressMb(transferredMb: number, totalMb: number): string {
  return `${transferredMb.toFixed(1)} MB / ${totalMb.toFixed(1)} MB`;
}

interface UpdateStore extends UpdateState {
  apply: (event: UpdateEvent) => void;
  /** A check the member asked for (检查更新): its none result shows the no-update dialog. */
  startManualCheck: () => void;
  offerWeb: (offer: UpdateOffer) => void;
  dismiss: () => void;
}

/** The update flow's UI state; the shell's events and the web build's check both feed it. */
export const useUpdateStore = create<UpdateStore>()((set) => ({
  ...initialUpdateState,
  apply: (event) => set((s) => reduceUpdate(s, event)),
  startManualCheck: () => set((s) => ({ ...reduceUpdate(s, { type: 'checking' }), manual: true, dismissed: false })),
  offerWeb: (offer) =>
    set((s) =>
      s.phase === 'idle' || s.phase === 'checking'
        ? { ...s, phase: 'available', offer, dismissed: s.phase === 'idle' ? s.dismissed : false }
        : s,
    ),
  dismiss: () => set({ dismissed: true }),
}));
