import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { esc, listDocument, redirect, sessionUser } from '../../inbox/common.ts';
import type { InboxMessage, InboxPerson } from '../../inbox/inbox.ts';
import { type PbField, pbDecode, pbEncode, type PbFields, pbInt, pbMessage, pbText } from '../../inbox/protobuf.ts';
import type { SiteCore } from '../site.ts';

/**
 * www.douyin.com's private messages (research/leads.md §1): the /chat page, and imapi.douyin.com's
 * protobuf IM (field numbers as CreatorHub's `douyin_im_pb.py` calibrated them on the live site).
 */
export const DOUYIN_IM_PATHS = {
  chat: '/chat',
  init: '/v1/message/get_message_by_init',
  history: '/v1/message/get_by_conversation',
  send: '/v1/message/send',
} as const;

const CMD = { init: 2043, history: 301, send: 100 } as const;
/** A single chat's conversation type. */
const SINGLE_CHAT = 1;
/** msg_type of a text message. */
const TEXT_MSG = 7;
const HISTORY_MAX = 50;

/** A conversation between the account and `peer`: conv_id `0:1:{uidA}:{uidB}`, short_id and ticket. */
export function conversationOf(self: InboxPerson, peer: InboxPerson) {
  const [a, b] = [self.id, peer.id].sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : 1));
  const convId = `0:${SINGLE_CHAT}:${a}:${b}`;
  const h = createHash('sha256').update(`douyin-conv:${convId}`).digest();
  return {
    convId,
    shortId: 7_000_000_000_000_000_000n + (h.readBigUInt64BE(0) % 1_000_000_000_000_000_000n),
    ticket: `deprecated${h.subarray(8, 20).toString('hex')}`,
  };
}

const secUid = (p: InboxPerson) =>
  `MS4wLjABAAAA${createHash('sha256').update(`sec:${p.id}`).digest('base64url').slice(0, 43)}`;

/** Where a message sits in its conversation: microseconds of its time plus its index (the history cursor). */
const orderOf = (m: InboxMessage) => BigInt(m.createdAt) * 1000n + BigInt(m.seq);

/** One MessageBody: 1 conv_id, 3 server_msg_id, 4 index, 5 order, 6 msg_type, 7 sender, 8 content, 9 ext, 14 sec_uid. */
function messageBody(m: InboxMessage, self: InboxPerson, convId: string): Uint8Array {
  const sender = m.fromSelf ? self : m.peer;
  const ext = (k: string, v: string) =>
    pbEncode([
      [1, k],
      [2, v],
    ]);
  const fields: PbField[] = [
    [1, convId],
    [3, BigInt(m.id)],
    [4, m.seq],
    [5, orderOf(m)],
    [6, TEXT_MSG],
    [7, BigInt(sender.id)],
    [8, JSON.stringify({ text: m.text, aweType: 700, mention_users: [], richTextInfos: [] })],
    [9, ext('s:server_message_create_time', String(m.createdAt))],
  ];
  if (m.clientId) {
    fields.push([9, ext('s:client_message_id', m.clientId)]);
  }
  fields.push([14, secUid(sender)]);
  return pbEncode(fields);
}

/** The response envelope: 1 cmd, 2 seq, 3 error code, 4 "OK" or the error, 6 body, 13 the account's uid. */
function envelope(cmd: number, seq: bigint, selfUid: string, body?: Uint8Array, error?: [number, string]): Uint8Array {
  const fields: PbField[] = [
    [1, cmd],
    [2, seq],
    [3, error?.[0] ?? 0],
    [4, error?.[1] ?? 'OK'],
    [5, 0],
  ];
  if (body) {
    fields.push([6, body]);
  }
  fields.push([13, selfUid]);
  return pbEncode(fields);
}

async function readBytes(req: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** The conversation list page (its real script reads the protobuf IM; a person sees the same here). */
function chatPage(core: SiteCore, user: string): string {
  const rows = core.inbox
    .conversations(core.platform, user)
    .map(({ peer, messages }) => {
      const last = messages.at(-1);
      return `<li class="conversation-item" data-uid="${esc(peer.id)}"><span class="nick">${esc(peer.name)}</span><span class="last-msg">${esc(last?.text ?? '')}</span></li>`;
    })
    .join('');
  return listDocument(
    '私信 - 抖音',
    `<h1>私信</h1><ul class="conversation-list">${rows || '<li class="empty">暂无私信</li>'}</ul>`,
  );
}

/** Douyin's web IM under /douyin (imapi.douyin.com and www.douyin.com share the sandbox host). */
export function douyinIm(core: SiteCore) {
  return async (req: IncomingMessage, res: ServerResponse, _url: URL, path: string): Promise<boolean> => {
    const P = DOUYIN_IM_PATHS;
    const user = sessionUser(core, req);
    if (req.method === 'GET' && path === P.chat) {
      if (!user) {
        return redirect(core, res, '/douyin/');
      }
      core.send(res, 200, chatPage(core, user));
      return true;
    }
    if (req.method !== 'POST' || (path !== P.init && path !== P.history && path !== P.send)) {
      return false;
    }
    const cmd = path === P.init ? CMD.init : path === P.history ? CMD.history : CMD.send;
    const answer = (bytes: Uint8Array | string) => {
      res.writeHead(200, { 'content-type': 'application/x-protobuf', 'cache-control': 'no-store' });
      res.end(typeof bytes === 'string' ? bytes : Buffer.from(bytes));
      return true;
    };
    let request: PbFields;
    try {
      request = pbDecode(await readBytes(req));
    } catch {
      core.send(res, 400, '');
      return true;
    }
    const seq = pbInt(request, 2);
    if (!user) {
      return answer(envelope(cmd, seq, '0', undefined, [8, '用户未登录'])); // code as the creator APIs' (our assumption)
    }
    const risk = core.switches().inboxRisk;
    if (risk === 'verify' || risk === 'blocked') {
      return answer(risk === 'verify' ? '' : 'blocked'); // CreatorHub's and MediaCrawler's risk signals
    }
    if (risk === 'rate_limit') {
      return answer(envelope(cmd, seq, '0', undefined, [2154, '发送消息过于频繁，请稍后再试']));
    }
    const self = core.inbox.self(core.platform, user);
    const inner = pbMessage(pbMessage(request, 8), cmd);
    const conversations = core.inbox.conversations(core.platform, user).map((c) => ({
      ...c,
      ...conversationOf(self, c.peer),
    }));
    if (cmd === CMD.init) {
      const wrappers: PbField[] = conversations.map((c) => {
        const last = c.messages.at(-1);
        const participants = pbEncode(
          [self, c.peer].map((p): PbField => [
            1,
            pbEncode([
              [1, BigInt(p.id)],
              [5, secUid(p)],
            ]),
          ]),
        );
        const core2043 = pbEncode([
          [1, c.convId],
          [2, c.shortId],
          [3, SINGLE_CHAT],
          [4, c.ticket],
          [6, participants],
        ]);
        return [1, pbEncode([[1, core2043], ...(last ? ([[2, messageBody(last, self, c.convId)]] as PbField[]) : [])])];
      });
      return answer(envelope(cmd, seq, self.id, pbEncode([[CMD.init, pbEncode(wrappers)]])));
    }
    const convId = pbText(inner, 1);
    const conv = conversations.find((c) => c.convId === convId);
    if (!conv || pbInt(inner, 3) !== conv.shortId) {
      return answer(envelope(cmd, seq, self.id, undefined, [3, '会话不存在']));
    }
    if (cmd === CMD.history) {
      const cursor = pbInt(inner, 5);
      const count = Math.min(HISTORY_MAX, Math.max(1, Number(pbInt(inner, 6)) || 20));
      const older = conv.messages.filter((m) => cursor === 0n || orderOf(m) < cursor).reverse(); // newest first
      const pageOf = older.slice(0, count);
      const last = pageOf.at(-1);
      const body301 = pbEncode([
        ...pageOf.map((m): PbField => [1, messageBody(m, self, conv.convId)]),
        [2, last ? orderOf(last) : 0n],
        [3, older.length > count ? 1 : 0],
      ]);
      return answer(envelope(cmd, seq, self.id, pbEncode([[CMD.history, body301]])));
    }
    // send (cmd 100): the ticket must be the conversation's; a client_message_id seen before is not sent twice.
    if (pbText(inner, 7) !== conv.ticket) {
      return answer(envelope(cmd, seq, self.id, undefined, [5, 'ticket 无效']));
    }
    let text = '';
    try {
      const content = JSON.parse(pbText(inner, 4)) as { text?: unknown };
      text = typeof content.text === 'string' ? content.text : '';
    } catch {
      text = '';
    }
    if (!text.trim()) {
      return answer(envelope(cmd, seq, self.id, undefined, [4, '消息内容不能为空']));
    }
    const clientId = pbText(inner, 8);
    const already = clientId ? conv.messages.find((m) => m.fromSelf && m.clientId === clientId) : undefined;
    const sent = (m: InboxMessage) =>
      answer(envelope(cmd, seq, self.id, pbEncode([[CMD.send, pbEncode([[1, messageBody(m, self, conv.convId)]])]])));
    if (already) {
      return sent(already);
    }
    const fault = core.switches().inboxWriteFault;
    if (fault === 'refused500') {
      core.send(res, 500, '');
      return true;
    }
    const m = core.inbox.addMessage({
      platform: core.platform,
      account: user,
      peer: conv.peer,
      fromSelf: true,
      text,
      createdAt: Date.now(),
      clientId,
    });
    core.inbox.record({
      platform: core.platform,
      account: user,
      kind: 'message',
      id: m.id,
      target: conv.peer.id,
      workId: '',
      text,
      clientId,
    });
    if (fault === 'error500') {
      core.send(res, 500, '');
      return true;
    }
    if (fault === 'stall') {
      core.stall(req);
      return true;
    }
    return sent(m);
  };
}
