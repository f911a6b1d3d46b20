import { chain } from '../inbox/common.ts';
import type { SitePages } from './site.ts';
import { xiaohongshuComments } from './xiaohongshu/comments.ts';
import { xhsLoginPage } from './xiaohongshu/login-page.ts';
import { postedNotes, xhsNoteManager } from './xiaohongshu/note-manager.ts';
import { xhsHome, xhsSuccess } from './xiaohongshu/other-pages.ts';
import { xhsPublishPage } from './xiaohongshu/publish-page.ts';
import { xiaohongshuProIm } from './xiaohongshu/pro-im.ts';

/** Xiaohongshu's creator centre as research/connectors.md §3 describes it (pages in ./xiaohongshu/). */
export const xiaohongshuSite: SitePages = {
  login: xhsLoginPage,
  pages: {
    '/new/home': xhsHome,
    '/publish/publish': xhsPublishPage,
    '/publish/success': xhsSuccess,
    '/new/note-manager': xhsNoteManager,
  },
  api: { '/api/galaxy/v2/creator/note/user/posted': postedNotes },
  // Comments through edith from www (signed), 专业号 private messages on pro: research/leads.md §3.
  server: (core) => chain(xiaohongshuComments(core), xiaohongshuProIm(core)),
};
