/**
 * Douyin's private messages (www.douyin.com/chat's IM, protobuf; research/leads.md §1): the request
 * envelope, the answer's checks, conversations, history and one message as a harvested item. The comment
 * side is douyin.steps.ts.
 */
import type { HarvestItem } from '@vidmatrix/contract/api/harvest';
import type { Page } from 'playwright-core';
import { RATE_LIMIT_WORDS, siteUrl, type SitePath, VERIFICATION_WORDS } from './definition.ts';
import type { DouyinHarvest } from './douyin.ts';
import { fetchInPage, openSitePage, type PageAnswer } from './in-page.ts';
import {
  bytesOf,
  messageOf,
  messagesOf,
  readMessage,
  textOf,
  varintOf,
  type WireField,
  type WireMessage,
  writeMessage,
} from './protobuf.ts';
import { HarvestError } from './types.ts';

/** One conversation of the account. */
export interface ConvRef {
  conv: string;
  short: string;
  ticket: string;
  peer: string;
  name: string;
}

/** The IM calls of a harvester with this definition (its overrides applied). */
export function douyinIm(def: DouyinHarvest) {
  const t = def.timeouts;
  const url = (at: SitePath) => siteUrl(def, at);

  /** The IM's request envelope around a command's body (the fixed fields a web request carries). */
  function imRequest(cmd: number, body: WireField[]): Uint8Array {
    const e = def.imEnvelope;
    const headers = e.headers.map(([k, v]): WireField => [
      15,
      writeMessage([
        [1, k],
        [2, v],
      ]),
    ]);
    return writeMessage([
      [1, cmd],
      [2, Math.floor(Math.random() * 60_000) + 1000],
      ...e.strings.map(([no, v]): WireField => [no, v]),
      ...e.varints.map(([no, v]): WireField => [no, v]),
      [8, writeMessage([[cmd, writeMessage(body)]])],
      ...headers,
    ]);
  }

  /** Calls the IM and reads its envelope; "OK" with code 0, or why not. */
  async function im(page: Page, at: SitePath, cmd: number, body: WireField[], write: boolean): Promise<WireMessage> {
    const a = await fetchInPage(page, url(at), {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf' },
      bytes: imRequest(cmd, body),
      binary: true,
      timeoutMs: write ? t.write : t.read,
    });
    return imEnvelope(page, a, cmd, write);
  }

  async function imEnvelope(page: Page, a: PageAnswer, cmd: number, write: boolean): Promise<WireMessage> {
    const what = `douyin im ${cmd}`;
    if (a.error) {
      throw new HarvestError('failed', `${what}: no answer (${a.error})`);
    }
    const raw = new TextDecoder().decode(a.bytes).trim();
    if (a.status === 429 || raw === 'blocked') {
      throw new HarvestError('rate_limited', `${what}: blocked by risk control`, raw);
    }
    if (a.status >= 200 && a.status < 300 && a.bytes.length === 0) {
      throw new HarvestError('verification', `${what}: an empty answer (risk control)`);
    }
    let env: WireMessage;
    try {
      env = readMessage(a.bytes);
    } catch {
      throw new HarvestError('failed', `${what}: HTTP ${a.status}, not protobuf`);
    }
    const msg = textOf(env, 4);
    const code = varintOf(env, 3);
    if (msg === 'OK' && code === 0n) {
      return env;
    }
    if (RATE_LIMIT_WORDS.test(msg)) {
      throw new HarvestError('rate_limited', `${what}: ${code}`, msg);
    }
    if (VERIFICATION_WORDS.test(msg)) {
      throw new HarvestError('verification', `${what}: ${code}`, msg);
    }
    // The IM's own logged-out answer is not documented: the chat page, opened again, tells.
    await page.goto(siteUrl(def, def.pages.chat), { timeout: t.navigation, waitUntil: 'domcontentloaded' });
    await openSitePage(page, def, def.pages.chat);
    throw new HarvestError(write ? 'refused' : 'failed', `${what}: ${code}`, msg);
  }

  /** One message body as the IM gives it (CreatorHub's MessageBody fields). */
  function messageItem(m: WireMessage, self: string, conv: ConvRef): HarvestItem {
    const ext = new Map(messagesOf(m, 9).map((e) => [textOf(e, 1), textOf(e, 2)]));
    const sender = String(varintOf(m, 7));
    let text = '';
    try {
      const content = JSON.parse(textOf(m, 8)) as { text?: unknown };
      text = typeof content.text === 'string' ? content.text : '';
    } catch {
      text = '';
    }
    const ms = Number(ext.get('s:server_message_create_time') ?? 0);
    return {
      source: 'message',
      item_id: String(varintOf(m, 3)),
      post_id: '',
      post_title: '',
      parent_id: '',
      author_id: sender,
      author_name: sender === self ? '' : conv.name,
      from_self: sender === self,
      peer_id: conv.peer,
      text,
      created_at: ms > 0 ? Math.floor(ms / 1000) : Number(varintOf(m, 5) / 1_000_000n),
      link: '',
    };
  }

  /** The account's conversations (single chats) from get_message_by_init, with nicknames from the page. */
  async function conversations(page: Page): Promise<{ self: string; convs: (ConvRef & { last: number })[] }> {
    const env = await im(
      page,
      def.calls.init,
      def.im.init,
      [
        [1, BigInt(Date.now()) * 1000n],
        [2, 1],
      ],
      false,
    );
    const self = textOf(env, 13) || String(varintOf(env, 13));
    const names = new Map(
      await page
        .locator(def.chatNames.item)
        .evaluateAll(
          (els, n) =>
            els.map(
              (e) =>
                [e.getAttribute(n.uidAttribute) ?? '', e.querySelector(n.name)?.textContent ?? ''] as [string, string],
            ),
          def.chatNames,
        )
        .catch(() => [] as [string, string][]),
    );
    const convs = messagesOf(messageOf(messageOf(env, 6), def.im.init), 1).flatMap((wrapper) => {
      const core = messageOf(wrapper, 1);
      const conv = textOf(core, 1);
      if (varintOf(core, 3) !== BigInt(def.im.singleChat) || !conv) {
        return [];
      }
      const peer =
        conv
          .split(':')
          .slice(2)
          .find((uid) => uid !== self) ?? '';
      const last =
        bytesOf(wrapper, 2).length > 0
          ? messageItem(messageOf(wrapper, 2), self, { conv, short: '', ticket: '', peer, name: '' })
          : undefined;
      return [
        {
          conv,
          short: String(varintOf(core, 2)),
          ticket: textOf(core, 4),
          peer,
          name: names.get(peer) ?? '',
          last: last?.created_at ?? 0,
        },
      ];
    });
    return { self, convs };
  }

  async function history(page: Page, conv: ConvRef, cursor: bigint, self: string) {
    const env = await im(
      page,
      def.calls.history,
      def.im.history,
      [
        [1, conv.conv],
        [2, def.im.singleChat],
        [3, BigInt(conv.short)],
        [4, 1],
        [5, cursor],
        [6, def.limits.history],
      ],
      false,
    );
    const body = messageOf(messageOf(env, 6), def.im.history);
    return {
      items: messagesOf(body, 1).map((m) => messageItem(m, self, conv)),
      next: varintOf(body, 2),
      more: varintOf(body, 3) === 1n,
    };
  }

  async function findConversation(page: Page, peer: string) {
    const { self, convs } = await conversations(page);
    const conv = convs.find((c) => c.peer === peer);
    if (!conv) {
      throw new HarvestError('refused', `douyin: no conversation with ${peer}`);
    }
    return { self, conv };
  }

  return { imRequest, imEnvelope, messageItem, conversations, history, findConversation };
}
