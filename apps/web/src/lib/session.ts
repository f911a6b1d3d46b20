import type { LoginResult } from '@vidmatrix/contract/api/auth';
import { getDesktop } from './desktop.ts';
import { clearPageData } from './page-data.ts';
import { queryClient } from './query-client.ts';
import { useSessionStore } from './session-store.ts';
import { clearSessionValues, StorageKey, writeValue } from './storage-keys.ts';

/** Stores the three tokens of a login and the account name; menus are reloaded for the new member. */
export function saveLogin(tokens: LoginResult, username: string): void {
  writeValue(StorageKey.token, tokens.ApiToken);
  writeValue(StorageKey.nfcToken, tokens.nfc_api_token);
  writeValue(StorageKey.digitalToken, tokens.digital_api_token);
  writeValue(StorageKey.username, username);
  // A new member: drop everything cached for the previous one, menus included (SPEC §4).
  queryClient.clear();
  clearPageData();
  useSessionStore.getState().setToken(tokens.ApiToken, username);
}

/** Forgets the token only (a failed guard): roles and cached member data go with it. */
export function dropToken(): void {
  clearSessionValues();
  queryClient.clear();
  clearPageData();
  useSessionStore.getState().reset();
}

/** Ends the session (SPEC §4 logout): tokens, name, avatar, roles, menus, policy flags, cache; tells the desktop shell. */
export function endSession(): void {
  dropToken();
  getDesktop()?.signedOut();
}
