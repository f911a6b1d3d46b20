import { LOGIN_CAPTCHA_AFTER_FAILURES, LOGIN_FAILURE_WINDOW_MS } from '@vidmatrix/contract/constants';

/** Recent failed sign-ins for the account typed and for the caller's address. */
export interface FailureCounts {
  account: number;
  ip: number;
}

/** Start of the window over which failures count. */
export function failureWindowStart(now: number): number {
  return now - LOGIN_FAILURE_WINDOW_MS;
}

/** A captcha is required once either the account or the address reached the failure limit. */
export function needsCaptcha(counts: FailureCounts): boolean {
  return counts.account >= LOGIN_CAPTCHA_AFTER_FAILURES || counts.ip >= LOGIN_CAPTCHA_AFTER_FAILURES;
}

/** The counts after one more failure of this account from this address. */
export function afterFailure(counts: FailureCounts): FailureCounts {
  return { account: counts.account + 1, ip: counts.ip + 1 };
}
