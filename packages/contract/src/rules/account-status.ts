import { Msg } from '../messages.ts';
import { CookieAuth } from './account-selectability.ts';

/** How an authorization state is shown: its label and the tag colour the console uses. */
export interface StatusLabel {
  label: string;
  color: 'success' | 'warning' | 'default' | 'error';
}

/** Label of cookie_auth_status (SPEC §3): 1 authorized, 2 expired, anything else unauthorized. */
export function cookieAuthLabel(status: number | null | undefined): StatusLabel {
  if (status === CookieAuth.authorized) {
    return { label: Msg.authAuthorized, color: 'success' };
  }
  if (status === CookieAuth.expired) {
    return { label: Msg.authExpired, color: 'warning' };
  }
  return { label: Msg.authUnauthorized, color: 'default' };
}

/** Label of access_status (SPEC §3): 1 is OK, anything else abnormal. */
export function accessLabel(status: number | null | undefined): StatusLabel {
  return status === 1 ? { label: Msg.accessOk, color: 'success' } : { label: Msg.accessAbnormal, color: 'error' };
}
