import type { SitePages } from './site.ts';
import { xhsLoginPage } from './xiaohongshu/login-page.ts';
import { postedNotes, xhsNoteManager } from './xiaohongshu/note-manager.ts';
import { xhsHome, xhsSuccess } from './xiaohongshu/other-pages.ts';
import { xhsPublishPage } from './xiaohongshu/publish-page.ts';

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
};
