import { randomBytes } from 'node:crypto';
import { chain } from '../inbox/common.ts';
import type { SiteCore, SiteHandler, SitePages } from './site.ts';
import { bilibiliInbox } from './bilibili/inbox.ts';
import { type Answer, memberApi } from './bilibili/member-api.ts';
import { bilibiliCookies } from './bilibili/session.ts';
import { uploadFramePage } from './bilibili/upload-page.ts';
import { uposApi } from './bilibili/upos.ts';

const PREFIX = '/bilibili';

/**
 * Bilibili's web upload API under /bilibili (research/connectors.md §5): member.bilibili.com,
 * api.bilibili.com and the upos upload host share the one sandbox host.
 */
function bilibiliServer(core: SiteCore): SiteHandler {
  const upos = uposApi(core, PREFIX);
  const wbi = { img: randomBytes(16).toString('hex'), sub: randomBytes(16).toString('hex') };
  const member = memberApi(core, upos, wbi);
  const inbox = bilibiliInbox(core, wbi);
  const answer = (res: Parameters<SiteHandler>[1], a: Answer) => {
    if (a !== 'stall') {
      core.send(res, a.status, a.body);
    }
    return true; // a stalled create is never answered; close() ends the connection
  };
  const upload: SiteHandler = async (req, res, url, path) => {
    const get = req.method === 'GET';
    const post = req.method === 'POST';
    if (path.startsWith('/upos/')) {
      await upos.upos(req, res, url, path.slice('/upos/'.length));
      return true;
    }
    if (get && path === '/preupload') {
      const body = url.searchParams.get('r') === 'probe' ? upos.probe(req) : upos.preupload(req, url);
      core.send(res, 200, body);
      return true;
    }
    if (get && path === '/x/web-interface/nav') {
      return answer(res, member.nav(req));
    }
    if (post && path === '/x/vu/web/cover/up') {
      return answer(res, await member.coverUp(req));
    }
    if (post && path === '/x/vu/web/add/v3') {
      return answer(res, await member.add(req, url));
    }
    if (get && path === '/x/web/archives') {
      return answer(res, member.archives(req, url));
    }
    if (post && path === '/x/gaia-vgate/v1/register') {
      return answer(res, await member.register(req));
    }
    if (post && path === '/x/gaia-vgate/v1/validate') {
      return answer(res, await member.validate(req));
    }
    return false;
  };
  return chain(upload, inbox);
}

/** Bilibili: the web upload API the uploaders use, its upload page, and the cookies its login sets (SESSDATA, bili_jct). */
export const bilibiliSite: SitePages = {
  pages: { '/platform/upload/video/frame': uploadFramePage },
  sessionCookies: bilibiliCookies,
  server: bilibiliServer,
};
