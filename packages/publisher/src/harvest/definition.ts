import type { HarvestFailure } from '@vidmatrix/contract/rules/harvest-result';
import type { PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';

/** A place on the site: which of its hosts, and the path there. */
export interface SitePath {
  host: string;
  path: string;
}

/** Deadlines of harvesting, ms. */
export interface HarvestTimeouts {
  /** Opening one of the site's pages. */
  navigation: number;
  /** One read call. */
  read: number;
  /** One write call: past it, the write is ambiguous (it may have gone out). */
  write: number;
}

/**
 * What every platform's harvest data holds (each platform's definition adds its own calls, fields and
 * codes). A changed site is a data fix here and a new `version`, as with the publishing connectors.
 */
export interface HarvestSite {
  platform: PublishPlatform;
  version: string;
  /** The site's hosts by role, as real URLs (the sandbox serves them all under one base). */
  hosts: Record<string, string>;
  /** Regular expression source: where the site sends a logged-out session (tested on the URL less its host, and whole). */
  loginUrl: string;
  timeouts: HarvestTimeouts;
}

/** What a deployment (or a test) changes: one base URL for every host, other deadlines. */
export interface HarvestOverrides {
  baseUrl?: string;
  timeouts?: Partial<HarvestTimeouts>;
}

/** Deadlines for the real sites. */
export const HARVEST_TIMEOUTS: HarvestTimeouts = { navigation: 60_000, read: 30_000, write: 30_000 };

/** A site with overrides applied: every host at `baseUrl` when given. */
export function withHarvestOverrides<D extends HarvestSite>(def: D, o: HarvestOverrides = {}): D {
  const hosts = o.baseUrl ? Object.fromEntries(Object.keys(def.hosts).map((k) => [k, o.baseUrl ?? ''])) : def.hosts;
  return { ...def, hosts, timeouts: { ...def.timeouts, ...o.timeouts } };
}

/** The full URL of a place on the site. */
export function siteUrl(def: HarvestSite, at: SitePath): string {
  const base = def.hosts[at.host];
  if (base === undefined) {
    throw new Error(`${def.platform}: no host ${at.host}`);
  }
  return base.replace(/\/$/, '') + at.path;
}

/** True when `url` is the site's login (the pattern against the path below a host, or the whole URL). */
export function isLoginUrl(def: HarvestSite, url: string): boolean {
  const re = new RegExp(def.loginUrl);
  const base = Object.values(def.hosts).find((h) => url.startsWith(h.replace(/\/$/, '')));
  return re.test(url) || (base !== undefined && re.test(url.slice(base.replace(/\/$/, '').length)));
}

/** Words in a platform's answer that mean its risk control said 操作频繁 (the account should pause). */
export const RATE_LIMIT_WORDS = /频繁|太快|过快|稍后再试|24小时后/;
/** Words that mean a check only a person can pass. */
export const VERIFICATION_WORDS = /验证|滑块|风控|安全校验/;

/**
 * What a refused answer means, from what it says (the site's codes or words), in this order: the session
 * is gone, its risk control said 操作频繁, a check only a person can pass; else a write was refused, a
 * read failed.
 */
export function refusalKind(
  said: { loggedOut?: boolean; rateLimited: boolean; verification: boolean },
  write: boolean,
): HarvestFailure {
  if (said.loggedOut) {
    return 'logged_out';
  }
  if (said.rateLimited) {
    return 'rate_limited';
  }
  if (said.verification) {
    return 'verification';
  }
  return write ? 'refused' : 'failed';
}
