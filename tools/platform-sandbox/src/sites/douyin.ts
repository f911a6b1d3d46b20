import { chain } from '../inbox/common.ts';
import { douyinComments } from './douyin/comments.ts';
import { douyinIm } from './douyin/im.ts';
import { loginPage } from './douyin/login-page.ts';
import { LOGGED_OUT_JSON, managePage, workListJson } from './douyin/manage-page.ts';
import { DOUYIN_PATHS, publishPage } from './douyin/publish-page.ts';
import type { SitePages } from './site.ts';

/** Douyin's creator centre as research/connectors.md §1 describes it (pages under sites/douyin/). */
export const douyinSite: SitePages = {
  login: loginPage,
  pages: {
    [DOUYIN_PATHS.upload]: publishPage,
    [DOUYIN_PATHS.publishV1]: publishPage,
    [DOUYIN_PATHS.publishV2]: publishPage,
    [DOUYIN_PATHS.manage]: managePage,
  },
  loggedOutPages: {
    // The works API answers status_code 8 instead of redirecting (IDX).
    [DOUYIN_PATHS.workList]: () => LOGGED_OUT_JSON,
  },
  api: {
    [DOUYIN_PATHS.workList]: (ctx) => workListJson(ctx.works()),
  },
  // Comments (creator.douyin.com) and private messages (www.douyin.com/chat, imapi): research/leads.md §1.
  server: (core) => chain(douyinComments(core), douyinIm(core)),
};
