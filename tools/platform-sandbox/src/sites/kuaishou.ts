import { SKINS } from '../skins.ts';
import { API_PH, apiPhOf, kuaishouComments, ownIdOf } from './kuaishou/comments.ts';
import { introPage, passportLogin, stsPage } from './kuaishou/login-pages.ts';
import { managePage } from './kuaishou/manage-page.ts';
import { publishPage } from './kuaishou/publish-page.ts';
import type { SiteContext, SitePages } from './site.ts';

const skin = SKINS.kuaishou;
const loginUrl = (ctx: SiteContext) => ctx.prefix + skin.loginPath + (skin.loginQuery ?? '');

/** Kuaishou's creator centre and passport login as research/connectors.md §2 describes them. */
export const kuaishouSite: SitePages = {
  login: passportLogin,
  pages: {
    '/rest/infra/sts': stsPage,
    [skin.uploadPath]: (ctx) => publishPage(ctx, loginUrl(ctx), skin.successPath, skin.createPath),
    [skin.worksPath]: managePage,
  },
  loggedOutPages: {
    '/': (ctx) => introPage(loginUrl(ctx)),
    [skin.homePath]: (ctx) => introPage(loginUrl(ctx)),
  },
  // The comment page's calls carry api_ph's value in their bodies (research/leads.md §2); userId is the
  // account's own id (the authorId of its comments).
  sessionCookies: (session, user) => ({ [API_PH]: apiPhOf(session), userId: ownIdOf(user) }),
  server: kuaishouComments,
};
