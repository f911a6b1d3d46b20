import { createHash } from 'node:crypto';
import type { HarvestItem } from '@vidmatrix/contract/api/harvest';
import type { Page } from 'playwright-core';
import { bilibiliHarvest } from './bilibili.ts';
import { type HarvestOverrides, siteUrl, type SitePath, withHarvestOverrides, refusalKind } from './definition.ts';
import {
  CONFIRM_SKEW_S,
  decodeCursor,
  encodeCursor,
  exactIds,
  fetchInPage,
  jsonOf,
  openSitePage,
  type PageAnswer,
  writeOnce,
} from './in-page.ts';
import { HarvestError, type Harvester, type WriteResult } from './types.ts';

interface Envelope<T> {
  code: number;
  message?: string;
  data?: T;
  pager?: { current?: number; size?: number; total?: number };
}

interface Reply {
  id: string;
  oid: number;
  mid: number;
  replier: string;
  message: string;
  ctime: number;
  root: string;
  parent: string;
  bvid: string;
  title: string;
}

interface Message {
  sender_uid: number;
  msg_type: number;
  content: string;
  msg_seqno: number;
  timestamp: number;
  msg_key: string;
}

interface CommentCursor {
  pn: number;
}
interface MessageCursor {
  talkers: string[];
  i: number;
  end: number;
}

const isCommentCursor = (v: unknown): v is CommentCursor => typeof (v as CommentCursor | null)?.pn === 'number';
const isMessageCursor = (v: unknown): v is MessageCursor =>
  Array.isArray((v as MessageCursor | null)?.talkers) && typeof (v as MessageCursor).end === 'number';

/** The Wbi signature of a query under nav's keys (bilibili-API-collect docs/misc/sign/wbi.md). */
export function wbiSign(params: Record<string, string>, imgKey: string, subKey: string, mixin: readonly number[]) {
  const raw = imgKey + subKey;
  const key = mixin
    .map((i) => raw[i] ?? '')
    .join('')
    .slice(0, 32);
  const query = Object.keys(params)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent((params[k] ?? '').replace(/[!'()*]/g, ''))}`)
    .join('&');
  return createHash('md5')
    .update(query + key)
    .digest('hex');
}

/** Bilibili's harvesting (member reply list, x/v2/reply/add, api.vc's messages) under these overrides. */
export function bilibiliHarvester(overrides: HarvestOverrides = {}): Harvester {
  const def = withHarvestOverrides(bilibiliHarvest, overrides);
  const t = def.timeouts;
  const url = (at: SitePath, query: Record<string, string> = {}) => {
    const q = new URLSearchParams(query).toString();
    return siteUrl(def, at) + (q ? `?${q}` : '');
  };

  /** The account's own cookies: its mid (DedeUserID) and csrf (bili_jct). */
  async function own(page: Page) {
    const cookies = await page.context().cookies(siteUrl(def, def.pages.comments));
    const value = (name: string) => cookies.find((c) => c.name === name)?.value ?? '';
    return { mid: value(def.cookies.mid), csrf: value(def.cookies.csrf) };
  }

  /** Reads an envelope: code 0, or why not. */
  function envelope<T>(a: PageAnswer, what: string, write: boolean): Envelope<T> {
    if (a.error) {
      throw new HarvestError('failed', `${what}: no answer (${a.error})`);
    }
    if (a.status === 412 || a.status === 429) {
      throw new HarvestError('rate_limited', `${what}: HTTP ${a.status}`);
    }
    const body = jsonOf<Envelope<T>>({ ...a, text: exactIds(a.text, def.bigFields) }, what);
    const code = Number(body.code);
    if (code === 0) {
      return body;
    }
    const text = body.message ?? '';
    const kind = refusalKind(
      {
        loggedOut: (def.codes.loggedOut as readonly number[]).includes(code),
        rateLimited: (def.codes.rateLimited as readonly number[]).includes(code),
        verification: (def.codes.verification as readonly number[]).includes(code),
      },
      write,
    );
    throw new HarvestError(kind, `${what}: code ${code}`, text);
  }

  const get = async <T>(page: Page, at: SitePath, query: Record<string, string>, what: string) =>
    envelope<T>(await fetchInPage(page, url(at, query), { timeoutMs: t.read }), what, false);

  function replyItem(r: Reply, mid: string): HarvestItem {
    return {
      source: 'comment',
      item_id: String(r.id),
      post_id: String(r.oid),
      post_title: r.title ?? '',
      parent_id: r.parent && r.parent !== '0' ? String(r.parent) : '',
      root_id: r.root && r.root !== '0' ? String(r.root) : '',
      author_id: String(r.mid),
      author_name: r.replier ?? '',
      from_self: String(r.mid) === mid,
      text: r.message,
      created_at: Number(r.ctime) || 0,
      link: r.bvid ? def.link.replace('{bvid}', r.bvid) : '',
    };
  }

  function messageItem(m: Message, mid: string, talker: string): HarvestItem {
    let text = '';
    try {
      const content = JSON.parse(m.content) as { content?: unknown };
      text = typeof content.content === 'string' ? content.content : '';
    } catch {
      text = '';
    }
    return {
      source: 'message',
      item_id: String(m.msg_key),
      post_id: '',
      post_title: '',
      parent_id: '',
      author_id: String(m.sender_uid),
      author_name: '',
      from_self: String(m.sender_uid) === mid,
      peer_id: talker,
      text,
      created_at: Number(m.timestamp) || 0,
      link: '',
    };
  }

  async function replies(page: Page, pn: number) {
    const body = await get<Reply[]>(
      page,
      def.calls.replies,
      {
        order: 'ctime',
        filter: '-1',
        is_hidden: '0',
        type: '1',
        bvid: '',
        pn: String(pn),
        ps: String(def.limits.replies),
      },
      'bilibili replies',
    );
    return { list: body.data ?? [], total: Number(body.pager?.total ?? 0) };
  }

  async function thread(page: Page, talker: string, end: number) {
    const query: Record<string, string> = { talker_id: talker, session_type: '1', size: String(def.limits.messages) };
    if (end > 0) {
      query.end_seqno = String(end);
    }
    const body = await get<{ messages?: Message[]; has_more?: number; min_seqno?: number }>(
      page,
      def.calls.messages,
      query,
      'bilibili session messages',
    );
    return {
      list: body.data?.messages ?? [],
      more: Boolean(body.data?.has_more),
      min: Number(body.data?.min_seqno ?? 0),
    };
  }

  const harvester: Harvester = {
    platform: 'bilibili',
    version: def.version,

    async readComments(page, { cursor, since }) {
      await openSitePage(page, def, def.pages.comments);
      const { mid } = await own(page);
      let pn = decodeCursor(cursor, isCommentCursor)?.pn ?? 1;
      const all: HarvestItem[] = [];
      let more = true;
      // Newest first: the account's own reply comes before the comment it answers. While one's comment is
      // not read yet (and may be newer than since), the next pages come into this one, so the comment and
      // the reply reach the server together and no rule answers a comment the account already answered.
      for (let ahead = 0; ahead < def.limits.lookAhead; ahead += 1) {
        const { list, total } = await replies(page, pn);
        all.push(...list.map((r) => replyItem(r, mid)));
        const oldest = Math.min(...all.map((c) => c.created_at));
        more = list.length > 0 && oldest >= since && pn * def.limits.replies < total;
        if (!more) {
          break;
        }
        pn += 1;
        const read = new Set(all.map((c) => c.item_id));
        if (!all.some((c) => c.from_self && c.parent_id && !read.has(c.parent_id))) {
          break;
        }
      }
      const items = all.filter((c) => c.created_at >= since);
      return { items, cursor: more ? encodeCursor({ pn }) : '' };
    },

    async readMessages(page, { cursor, since }) {
      await openSitePage(page, def, def.pages.messages);
      const { mid } = await own(page);
      let state = decodeCursor(cursor, isMessageCursor);
      if (!state) {
        const talkers: string[] = [];
        let endTs = '';
        for (let round = 0; round < def.limits.sessionPages; round += 1) {
          const query: Record<string, string> = { session_type: '1', size: String(def.limits.sessions) };
          if (endTs) {
            query.end_ts = endTs;
          }
          const body = await get<{ session_list?: { talker_id: number; session_ts: number }[]; has_more?: number }>(
            page,
            def.calls.sessions,
            query,
            'bilibili sessions',
          );
          const list = body.data?.session_list ?? [];
          const recent = list.filter((s) => s.session_ts / 1_000_000 >= since); // session_ts: µs
          talkers.push(...recent.map((s) => String(s.talker_id)));
          if (!body.data?.has_more || recent.length < list.length || list.length === 0) {
            break;
          }
          endTs = String(list.at(-1)?.session_ts ?? '');
        }
        state = { talkers, i: 0, end: 0 };
      }
      const talker = state.talkers[state.i];
      if (!talker) {
        return { items: [], cursor: '' };
      }
      const { list, more, min } = await thread(page, talker, state.end);
      const all = list.map((m) => messageItem(m, mid, talker));
      const items = all.filter((m) => m.created_at >= since);
      const oldest = Math.min(...all.map((m) => m.created_at));
      const next =
        more && all.length > 0 && oldest >= since ? { ...state, end: min } : { ...state, i: state.i + 1, end: 0 };
      return { items, cursor: next.i < next.talkers.length ? encodeCursor(next) : '' };
    },

    async replyComment(page, target, text, _clientId, options = {}) {
      await openSitePage(page, def, def.pages.comments);
      const { mid, csrf } = await own(page);
      const startedAt = Math.floor(Date.now() / 1000);
      const form = new URLSearchParams({
        type: '1',
        oid: target.post_id,
        // A reply under a reply goes into its thread: root is the first-level comment, parent the one answered.
        root: options.rootId || target.root_id || target.parent_id || target.item_id,
        parent: target.item_id,
        message: text,
        csrf,
      });
      return writeOnce(
        () =>
          fetchInPage(page, url(def.calls.replyAdd), {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: form.toString(),
            timeoutMs: t.write,
          }),
        (a): WriteResult => {
          const body = envelope<{ rpid?: string }>(a, 'bilibili reply', true);
          const rpid = body.data?.rpid ? String(body.data.rpid) : '';
          return rpid
            ? {
                outcome: 'sent',
                item: {
                  ...target,
                  item_id: rpid,
                  parent_id: target.item_id,
                  root_id: options.rootId || target.root_id || target.parent_id || target.item_id,
                  author_id: mid,
                  author_name: '',
                  from_self: true,
                  text,
                  created_at: startedAt,
                },
              }
            : { outcome: 'ambiguous' };
        },
        () => harvester.confirmReply(page, target, text, startedAt),
      );
    },

    async confirmReply(page, target, text, after) {
      await openSitePage(page, def, def.pages.comments);
      const { mid } = await own(page);
      const { list } = await replies(page, 1);
      return list
        .map((r) => replyItem(r, mid))
        .find(
          (c) =>
            c.from_self && c.text === text && c.post_id === target.post_id && c.created_at >= after - CONFIRM_SKEW_S,
        );
    },

    async sendMessage(page, to, text, clientId) {
      await openSitePage(page, def, def.pages.messages);
      const { mid, csrf } = await own(page);
      const nav = await get<{ wbi_img?: { img_url?: string; sub_url?: string } }>(
        page,
        def.calls.nav,
        {},
        'bilibili nav',
      );
      const key = (u = '') => u.slice(u.lastIndexOf('/') + 1, u.lastIndexOf('.'));
      const imgKey = key(nav.data?.wbi_img?.img_url);
      const subKey = key(nav.data?.wbi_img?.sub_url);
      const query: Record<string, string> = { wts: String(Math.floor(Date.now() / 1000)) };
      query.w_rid = wbiSign(query, imgKey, subKey, def.wbiMixin);
      const startedAt = Math.floor(Date.now() / 1000);
      const form = new URLSearchParams({
        'msg[sender_uid]': mid,
        'msg[receiver_type]': '1',
        'msg[receiver_id]': to.author_id,
        'msg[msg_type]': '1',
        'msg[msg_status]': '0',
        'msg[content]': JSON.stringify({ content: text }),
        'msg[dev_id]': clientId,
        'msg[new_face_version]': '0',
        'msg[timestamp]': String(startedAt),
        from_firework: '0',
        build: '0',
        mobi_app: 'web',
        csrf,
        csrf_token: csrf,
      });
      return writeOnce(
        () =>
          fetchInPage(page, url(def.calls.send, query), {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: form.toString(),
            timeoutMs: t.write,
          }),
        (a): WriteResult => {
          const body = envelope<{ msg_key?: string; key_hit_infos?: { toast?: string } }>(a, 'bilibili send', true);
          const key = body.data?.msg_key ? String(body.data.msg_key) : '';
          const notice = body.data?.key_hit_infos?.toast;
          if (!key) {
            return { outcome: 'ambiguous' };
          }
          const item: HarvestItem = {
            source: 'message',
            item_id: key,
            post_id: '',
            post_title: '',
            parent_id: '',
            author_id: mid,
            author_name: '',
            from_self: true,
            text,
            created_at: startedAt,
            link: '',
          };
          return notice ? { outcome: 'sent', item, notice } : { outcome: 'sent', item };
        },
        () => harvester.confirmMessage(page, to, text, startedAt),
      );
    },

    async confirmMessage(page, to, text, after) {
      await openSitePage(page, def, def.pages.messages);
      const { mid } = await own(page);
      const { list } = await thread(page, to.author_id, 0);
      return list
        .map((m) => messageItem(m, mid, to.author_id))
        .find((m) => m.from_self && m.text === text && m.created_at >= after - CONFIRM_SKEW_S);
    },
  };
  return harvester;
}
