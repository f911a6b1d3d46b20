import type { IncomingMessage } from 'node:http';
import type { WorkView } from '../pages.ts';
import type { Switches } from '../server.ts';

/** What a site's page is drawn from. */
export interface SiteContext {
  /** The platform's path prefix, e.g. `/douyin`. */
  prefix: string;
  /** The signed-in account (empty on a logged-out page). */
  user: string;
  url: URL;
  req: IncomingMessage;
  /** The platform's switches now (failure modes, a new build). */
  switches: Switches;
  /** Reads the works list as the platform would (each read ages the works: posts appear late). */
  works(): WorkView[];
}

/**
 * One creator centre's own pages, drawn as the real site draws them (research/connectors.md, never our
 * connectors' selectors). Each member is optional: where one is absent the generic page of pages.ts is
 * served. Pages talk to the sandbox's shared endpoints (`<prefix>/api/upload`, `/api/upload/status`,
 * the skin's create path, `/api/verify`, `/api/login/poll`).
 */
export interface SitePages {
  /** The QR login page for this ticket and its QR image (a data URL). */
  login?: (ctx: SiteContext, ticket: string, qr: string) => string;
  /** GET pages of a signed-in session, by path below the prefix; they win over the generic pages. */
  pages?: Record<string, (ctx: SiteContext) => string>;
  /** GET pages a logged-out visitor gets instead of the redirect to the login (e.g. a shell that redirects late). */
  loggedOutPages?: Record<string, (ctx: SiteContext) => string>;
  /** JSON endpoints of a signed-in session (e.g. the site's works-list API), by path below the prefix. */
  api?: Record<string, (ctx: SiteContext) => unknown>;
}
