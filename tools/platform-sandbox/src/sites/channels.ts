import { channelsApp, MICRO_APP_PATH, POST_LIST_PATH, postListAnswer } from './channels/app.ts';
import { channelsInbox } from './channels/inbox.ts';
import { channelsLoginPage, channelsQrFrame, channelsQrImage, QR_FRAME_PATH, QR_IMAGE_PATH } from './channels/login.ts';
import { channelsMicroApp } from './channels/post-create.ts';
import type { SitePages } from './site.ts';

/** Every /platform path is one single-page app, signed in or not (logged out, its script goes to login.html late). */
const APP_PATHS = [
  '/platform',
  '/platform/post/create',
  '/platform/post/list',
  '/platform/interaction/comment',
  '/platform/private_msg',
];
const app = Object.fromEntries(APP_PATHS.map((p) => [p, channelsApp]));

/** WeChat Channels (channels.weixin.qq.com) as research/connectors.md §4 describes it. */
export const channelsSite: SitePages = {
  login: (ctx, ticket) => channelsLoginPage(ctx, ticket),
  pages: { ...app, [MICRO_APP_PATH]: channelsMicroApp, [QR_FRAME_PATH]: channelsQrFrame },
  loggedOutPages: { ...app, [QR_FRAME_PATH]: channelsQrFrame },
  api: { [POST_LIST_PATH]: postListAnswer },
  assets: { [QR_IMAGE_PATH]: channelsQrImage },
  // Comments and private messages: research/leads.md §4.
  server: channelsInbox,
};
