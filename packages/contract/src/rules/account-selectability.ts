import {
  ACCESS_AUTH_PLATFORM_IDS,
  ACCOUNT_LIST_PLATFORM_IDS,
  COOKIE_AUTH_PLATFORM_IDS,
  IMAGE_CLIP_EXCLUDED_PLATFORM_ID,
  REAUTH_PLATFORM_IDS,
} from '../constants.ts';
import { Msg } from '../messages.ts';
import { PUBLISH_PLATFORMS, PUBLISH_RULES } from './publish-rules.ts';

/**
 * Platforms whose accounts the account selector asks for (getEnterpriseAccountList platform_id):
 * the §7/§9 list, plus platform 6, whose §5.4 rules are selector rules, plus every platform a
 * publish connector drives (3 and 5 too). docs/decisions.md, "The account selector's platform list".
 */
export const SELECTOR_PLATFORM_IDS: readonly number[] = [
  ...new Set<number>([
    ...ACCOUNT_LIST_PLATFORM_IDS,
    IMAGE_CLIP_EXCLUDED_PLATFORM_ID,
    ...PUBLISH_PLATFORMS.flatMap((p) => PUBLISH_RULES[p].platformIds),
  ]),
].sort((a, b) => a - b);

/** cookie_auth_status values (SPEC §3): 1 authorized, 2 expired, anything else unauthorized. */
export const CookieAuth = { authorized: 1, expired: 2 } as const;

/** The fields of an enterprise account the selector rules read. */
export interface SelectableAccount {
  platform_id: number;
  cookie_auth_status: number | null;
  access_status: number | null;
}

/** Whether an account can be picked, and the tooltip explaining why not. */
export interface Selectability {
  selectable: boolean;
  tooltip: string | null;
}

const cookiePlatforms = new Set<number>(COOKIE_AUTH_PLATFORM_IDS);
const accessPlatforms = new Set<number>(ACCESS_AUTH_PLATFORM_IDS);
/**
 * §5.4's list plus the platforms a publish connector signs in to that §5.4 gives no authorization of
 * any kind (小红书 3 and 哔哩哔哩 5): their posts go out on the account's own login, so the console must
 * be able to ask for one (docs/decisions.md). Access-authorized 6 stays as §5.4 has it.
 */
const reauthPlatforms = new Set<number>([
  ...REAUTH_PLATFORM_IDS,
  ...PUBLISH_PLATFORMS.flatMap((p) => PUBLISH_RULES[p].platformIds).filter((id) => !accessPlatforms.has(id)),
]);

/**
 * Applies the SPEC §5.4 selector rules to one account. `publish`: the account is about to post through
 * its browser session, so an expired session (cookie_auth_status 2) is refused on every platform, not
 * only the §5.4 list (a Xiaohongshu or Bilibili account with an expired login cannot post either).
 */
export function accountSelectability(
  account: SelectableAccount,
  options: { imageClip?: boolean; publish?: boolean } = {},
): Selectability {
  if (options.imageClip && account.platform_id === IMAGE_CLIP_EXCLUDED_PLATFORM_ID) {
    return { selectable: false, tooltip: null };
  }
  if (options.publish && account.cookie_auth_status === CookieAuth.expired) {
    return { selectable: false, tooltip: Msg.publishAuthExpired };
  }
  if (cookiePlatforms.has(account.platform_id) && account.cookie_auth_status !== CookieAuth.authorized) {
    const tooltip = account.cookie_auth_status === CookieAuth.expired ? Msg.publishAuthExpired : Msg.notAuthorized;
    return { selectable: false, tooltip };
  }
  if (accessPlatforms.has(account.platform_id) && account.access_status !== 1) {
    return { selectable: false, tooltip: Msg.platformAuthExpired };
  }
  return { selectable: true, tooltip: null };
}

/** How a platform's accounts are authorized (SPEC §5.4): a browser cookie, an access grant, or neither. */
export type PlatformAuthType = 'cookie' | 'access' | 'none';

/** The authorization kind of a platform; access-authorized platforms keep their state in access_status. */
export function platformAuthType(platformId: number): PlatformAuthType {
  if (cookiePlatforms.has(platformId)) {
    return 'cookie';
  }
  return accessPlatforms.has(platformId) ? 'access' : 'none';
}

/** True when the platform offers re-authorization (SPEC §5.4, and the platforms the publisher signs in to). */
export function canReauthorize(platformId: number): boolean {
  return reauthPlatforms.has(platformId);
}
