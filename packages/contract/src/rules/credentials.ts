import {
  ACCOUNT_NAME_MAX_LENGTH,
  ACCOUNT_NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants.ts';

// The sign-up rules without zod: the server's schemas (api/auth.ts) and the public sign-up form, whose
// 120 KB budget has no room for zod (issue 12), both check with these.

/** Account names: letters, digits and underscores, ACCOUNT_NAME_MIN_LENGTH–ACCOUNT_NAME_MAX_LENGTH characters. */
export const ACCOUNT_NAME_PATTERN = new RegExp(`^\\w{${ACCOUNT_NAME_MIN_LENGTH},${ACCOUNT_NAME_MAX_LENGTH}}$`);

/** True for an account name a member may register (surrounding spaces are trimmed first). */
export function isAccountName(value: string): boolean {
  return ACCOUNT_NAME_PATTERN.test(value.trim());
}

/** True for a password of an allowed length. */
export function isPasswordLength(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH;
}
