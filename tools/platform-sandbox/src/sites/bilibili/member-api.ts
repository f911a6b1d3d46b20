import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { captchaDataUrl } from '../../qr.ts';
import type { VerifyKind } from '../../server.ts';
import type { SiteCore, SiteSession } from '../site.ts';
import { CSRF_FAILED, csrfOf, envelope, midOf, NOT_LOGGED_IN, sessionOfRequest } from './session.ts';
import type { UposApi } from './upos.ts';

/** What the sandbox keeps of a Bilibili post besides the shared work: its numbers and the file's duration. */
interface ArchiveMeta {
  aid: number;
  cid: number;
  durationSec: number;
  copyright: number;
  tid: number;
}

/** A member API answer: HTTP status and body; `stall` never answers (the network cut after the create). */
export type Answer = Reply | 'stall';
type Reply = { status: number; body: unknown };

const ok = (body: unknown): Reply => ({ status: 200, body });
/** dtime must be more than 4 h ahead (BRS and bilibili-api's Data class; BPY says 2 h: research §5 step 8). */
const DTIME_MIN_LEAD_SEC = 4 * 3600;
const DTIME_MAX_LEAD_SEC = 15 * 24 * 3600;
const TITLE_MAX = 80;

/** Works-list status text → Bilibili's archive state and its description (research §5 step 9). */
const STATES: Record<string, { state: number; desc: string }> = {
  审核中: { state: -30, desc: '审核中' },
  已发布: { state: 0, desc: '开放浏览' },
  未通过: { state: -2, desc: '已退回' },
  定时发布: { state: -40, desc: '定时发布' },
};
const FILTERS: Record<string, number[]> = { is_pubing: [-30, -40], pubed: [0], not_pubed: [-2] };

/**
 * member.bilibili.com and api.bilibili.com as the uploaders call them (research §5 API steps 1, 7–9):
 * nav, cover upload, add/v3 and the archives list, plus the risk-control check add/v3 may ask for
 * (code -352 with a v_voucher, answered through gaia-vgate register/validate: bilibili-API-collect
 * docs/misc/sign/v_voucher.md).
 */
/** A post's aid (its number beside the bvid; comments are on it as `oid`). */
export const aidOf = (bvid: string) => 100_000_000 + createHash('sha256').update(bvid).digest().readUInt32BE(0);

/** The Wbi keys nav hands out (as the file names of two image URLs: bilibili-API-collect docs/misc/sign/wbi.md). */
export interface WbiKeys {
  img: string;
  sub: string;
}

export function memberApi(core: SiteCore, upos: UposApi, wbi: WbiKeys) {
  const meta = new Map<string, ArchiveMeta>(); // bvid → numbers
  const vouchers = new Map<string, { user: string; kind: VerifyKind; token?: string }>();
  const gaiaTokens = new Map<string, string>(); // grisk_id → user, good for one create

  const metaOf = (bvid: string): ArchiveMeta => {
    let m = meta.get(bvid);
    if (!m) {
      m = {
        aid: aidOf(bvid),
        cid: 0,
        durationSec: 0,
        copyright: 1,
        tid: 0,
      };
      meta.set(bvid, m);
    }
    return m;
  };

  function nav(req: IncomingMessage): Answer {
    const found = sessionOfRequest(core, req);
    // The Wbi keys come with nav, logged in or not (a web page keeps them in localStorage wbi_img_urls).
    const wbi_img = {
      img_url: `https://i0.hdslb.com/bfs/wbi/${wbi.img}.png`,
      sub_url: `https://i0.hdslb.com/bfs/wbi/${wbi.sub}.png`,
    };
    if (!found) {
      return ok(envelope(-101, '账号未登录', { isLogin: false, wbi_img }));
    }
    const { user } = found.session;
    return ok(envelope(0, '0', { isLogin: true, mid: midOf(user), uname: user, wbi_img }));
  }

  /** A write call's account: -101 without a session, -111 when csrf is not the session's bili_jct. */
  function writer(req: IncomingMessage, csrf: string | null): { token: string; session: SiteSession } | Reply {
    const found = sessionOfRequest(core, req);
    if (!found) {
      return ok(NOT_LOGGED_IN);
    }
    if (!csrf || csrf !== csrfOf(found.token)) {
      return ok(CSRF_FAILED);
    }
    return found;
  }

  async function coverUp(req: IncomingMessage): Promise<Answer> {
    const form = new URLSearchParams((await core.readBody(req, false)).toString('utf8'));
    const who = writer(req, form.get('csrf'));
    if (!('session' in who)) {
      return who;
    }
    const m = /^data:image\/(png|jpeg|jpg);base64,(.+)$/.exec(form.get('cover') ?? '');
    const bytes = m?.[2] ? Buffer.from(m[2], 'base64') : Buffer.alloc(0);
    if (bytes.length === 0) {
      return ok(envelope(-400, '请求错误：封面不是图片'));
    }
    const name = createHash('sha1').update(bytes).digest('hex');
    return ok(envelope(0, '0', { url: `http://i0.hdslb.com/bfs/archive/${name}.${m?.[1] === 'png' ? 'png' : 'jpg'}` }));
  }

  async function add(req: IncomingMessage, url: URL): Promise<Answer> {
    const raw = (await core.readBody(req, false)).toString('utf8');
    const who = writer(req, url.searchParams.get('csrf'));
    if (!('session' in who)) {
      return who;
    }
    const { token, session } = who;
    core.createRequested(session.user);
    const s = core.switches();
    if (s.expireSessionOn === 'submit') {
      core.endSession(token);
      return ok(NOT_LOGGED_IN);
    }
    if (s.submitError500) {
      return { status: 500, body: envelope(-500, '服务器开小差了，请稍后再试') };
    }
    if (s.rateLimited) {
      return { status: 412, body: envelope(-412, '请求过于频繁，请稍后再试') };
    }
    let b: Record<string, unknown>;
    try {
      const v: unknown = JSON.parse(raw);
      b = v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
    } catch {
      return ok(envelope(-400, '请求错误：投稿内容格式不正确'));
    }
    const title = typeof b.title === 'string' ? b.title.trim() : '';
    if (!title || [...title].length > TITLE_MAX) {
      return ok(envelope(-400, `请求错误：标题不能为空且不超过${TITLE_MAX}个字`));
    }
    const videos = Array.isArray(b.videos) ? (b.videos as { filename?: unknown }[]) : [];
    const stem = typeof videos[0]?.filename === 'string' ? videos[0].filename : '';
    const file = upos.file(stem, session.user);
    if (!file) {
      return ok(envelope(-400, '请求错误：视频不存在或未上传完成'));
    }
    const tid = Number(b.tid);
    const copyright = Number(b.copyright);
    if (!Number.isInteger(tid) || tid <= 0 || ![1, 2].includes(copyright)) {
      return ok(envelope(-400, '请求错误：分区或类型不正确'));
    }
    const dtime = Number(b.dtime ?? 0);
    const now = Date.now() / 1000;
    if (dtime && (dtime - now < DTIME_MIN_LEAD_SEC || dtime - now > DTIME_MAX_LEAD_SEC)) {
      return ok(envelope(21063, '定时发布时间需在4小时后到15天内'));
    }
    const vtoken = url.searchParams.get('gaia_vtoken') ?? '';
    if (s.verify && gaiaTokens.get(vtoken) !== session.user) {
      const voucher = `voucher_${randomUUID()}`;
      vouchers.set(voucher, { user: session.user, kind: s.verify });
      return ok(envelope(-352, '风控校验失败', { v_voucher: voucher }));
    }
    gaiaTokens.delete(vtoken); // a passed check covers one post
    upos.use(stem);
    const work = core.addWork(session.user, {
      title,
      description: typeof b.desc === 'string' ? b.desc : '',
      topics: typeof b.tag === 'string' ? b.tag.split(',').filter(Boolean) : [],
      cover: typeof b.cover === 'string' && b.cover ? b.cover : null,
      scheduleAt: dtime ? beijing(dtime * 1000) : null,
      file: { name: file.name, size: file.size, sha256: file.sha256, durationSec: file.durationSec ?? null },
    });
    const m = metaOf(work.id);
    Object.assign(m, { cid: file.cid, durationSec: file.durationSec, copyright, tid });
    if (s.createStall) {
      return 'stall';
    }
    return ok(envelope(0, '0', { aid: m.aid, bvid: work.id }));
  }

  function archives(req: IncomingMessage, url: URL): Answer {
    const found = sessionOfRequest(core, req);
    if (!found) {
      return ok(NOT_LOGGED_IN);
    }
    const filter = FILTERS[url.searchParams.get('status') ?? ''];
    const pn = Math.max(1, Number(url.searchParams.get('pn')) || 1);
    const ps = Math.min(50, Math.max(1, Number(url.searchParams.get('ps')) || 10));
    const all = core
      .readWorks(found.session.user)
      .map((w) => {
        const st = STATES[w.status] ?? { state: -30, desc: '审核中' };
        const m = metaOf(w.id);
        return {
          Archive: {
            aid: m.aid,
            bvid: w.id,
            title: w.title,
            tid: m.tid,
            copyright: m.copyright,
            state: st.state,
            state_desc: st.desc,
            reject_reason: st.state === -2 ? '稿件内容不符合社区规范' : '',
            duration: m.durationSec || w.durationSec,
            ctime: Math.floor(w.createdAt / 1000),
            ptime: st.state === 0 ? Math.floor(w.createdAt / 1000) : 0,
          },
          Videos: [{ cid: m.cid, duration: m.durationSec || w.durationSec }],
        };
      })
      .filter((a) => !filter || filter.includes(a.Archive.state));
    return ok(envelope(0, '0', { arc_audits: all.slice((pn - 1) * ps, pn * ps), page: { pn, ps, count: all.length } }));
  }

  async function register(req: IncomingMessage): Promise<Answer> {
    const form = new URLSearchParams((await core.readBody(req, false)).toString('utf8'));
    const who = writer(req, form.get('csrf'));
    if (!('session' in who)) {
      return who;
    }
    const v = vouchers.get(form.get('v_voucher') ?? '');
    if (!v || v.user !== who.session.user) {
      return ok(envelope(-400, '请求错误：验证凭据无效'));
    }
    v.token = randomUUID().replace(/-/g, '');
    // The real check is a geetest puzzle; the sandbox shows a code (SMS: sent to the phone instead).
    const kind: VerifyKind = v.kind === 'sms' ? 'sms' : 'captcha';
    const code = core.sendCode(v.user, kind);
    return ok(
      envelope(0, '0', {
        type: kind === 'sms' ? 'sms' : 'image',
        token: v.token,
        ...(kind === 'captcha' ? { image: captchaDataUrl(code) } : { tel: '138****8000' }),
      }),
    );
  }

  async function validate(req: IncomingMessage): Promise<Answer> {
    const form = new URLSearchParams((await core.readBody(req, false)).toString('utf8'));
    const who = writer(req, form.get('csrf'));
    if (!('session' in who)) {
      return who;
    }
    const entry = [...vouchers.entries()].find(([, v]) => v.token && v.token === form.get('token'));
    const kind: VerifyKind = entry?.[1].kind === 'sms' ? 'sms' : 'captcha';
    if (!entry || !core.takeCode(who.session.user, kind, form.get('code') ?? '')) {
      return ok(envelope(-105, '验证码错误'));
    }
    vouchers.delete(entry[0]);
    const griskId = randomUUID().replace(/-/g, '');
    gaiaTokens.set(griskId, who.session.user);
    return ok(envelope(0, '0', { is_valid: 1, grisk_id: griskId }));
  }

  return { nav, coverUp, add, archives, register, validate };
}

/** Epoch ms as Beijing time `YYYY-MM-DD HH:mm` (what the works list shows). */
function beijing(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}
