import { create } from 'zustand';
import type { ClientLinks, VersionResult } from '@vidmatrix/contract/api/setting';
import { readValue, StorageKey, writeValue } from './storage-keys.ts';

interface UiState {
  /** Sidebar open (true) or collapsed; persisted as '1' / '0'. */
  sidebarOpened: boolean;
  /** The mobile drawer (mobile layout only). */
  drawerOpened: boolean;
  /** Client download links (SPEC §3), stored on code 200 of getNewVersionInfo. */
  clientLinks: ClientLinks | null;
  /** A newer version, stored only when versionCode and downloadUrl both came back (SPEC §4). */
  updateData: VersionResult | null;
  toggleSidebar: () => void;
  setDrawer: (open: boolean) => void;
  setClientLinks: (links: ClientLinks) => void;
  setUpdateData: (data: VersionResult | null) => void;
}

/** UI state of the client (SPEC §3 client state). */
export const useUiStore = create<UiState>()((set) => ({
  sidebarOpened: readValue(StorageKey.sidebarStatus) !== '0',
  drawerOpened: false,
  clientLinks: null,
  updateData: null,
  toggleSidebar: () =>
    set((s) => {
      writeValue(StorageKey.sidebarStatus, s.sidebarOpened ? '0' : '1');
      return { sidebarOpened: !s.sidebarOpened };
    }),
  setDrawer: (drawerOpened) => set({ drawerOpened }),
  setClientLinks: (clientLinks) => set({ clientLinks }),
  setUpdateData: (updateData) => set({ updateData }),
}));
