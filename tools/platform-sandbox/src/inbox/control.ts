import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, send } from '../http.ts';
import { SANDBOX_PLATFORMS, SKINS } from '../skins.ts';
import { ALWAYS_VISIBLE_READS, type SandboxState, type Work } from '../state.ts';
import { ID_SHAPES } from './inbox.ts';

/** A fed comment's or message's identities, for a test to find it again in a platform's answers. */
export interface FedItem {
  id: string;
  /** The post a comment is on (the sandbox work id; '' for messages). */
  workId: string;
  author: { id: string; name: string };
}

const randomName = () => `用户${Math.floor(Math.random() * 90_000) + 10_000}`;

/** The account's work `post` names (id or title), else its newest; one is put in place when it has none. */
function workFor<S extends object>(state: SandboxState<S>, platform: Work['platform'], account: string, post?: string) {
  const own = state.works.filter((w) => w.platform === platform && w.user === account);
  const named = post ? own.find((w) => w.id === post || w.title === post) : own.at(-1);
  if (named) {
    return named;
  }
  const title = post ?? '日常分享';
  const work: Work = {
    id: SKINS[platform].newWorkId(),
    platform,
    user: account,
    title,
    description: title,
    topics: [],
    cover: null,
    scheduleAt: null,
    status: 'published',
    reads: ALWAYS_VISIBLE_READS,
    createdAt: Date.now(),
    file: null,
  };
  state.works.push(work);
  return work;
}

/**
 * The inbox part of the control API: `POST /feed` puts a comment or a private message on an account
 * (what a person on the platform writes), `GET /sent` lists the replies and messages the account sent
 * through the platform's write endpoints, `GET /inbox` everything held. False when the path is not one.
 */
export async function handleInboxControl<S extends object>(
  state: SandboxState<S>,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
): Promise<boolean> {
  const inbox = state.inbox;
  const platformQuery = url.searchParams.get('platform');
  const accountQuery = url.searchParams.get('account');
  const mine = (x: { platform: string; account: string }) =>
    (!platformQuery || x.platform === platformQuery) && (!accountQuery || x.account === accountQuery);
  if (req.method === 'GET' && path === '/sent') {
    send(res, 200, inbox.sent.filter(mine));
    return true;
  }
  if (req.method === 'GET' && path === '/inbox') {
    send(res, 200, { comments: inbox.comments.filter(mine), messages: inbox.messages.filter(mine) });
    return true;
  }
  if (req.method !== 'POST' || path !== '/feed') {
    return false;
  }
  const b = await readJson(req);
  const platform = SANDBOX_PLATFORMS.find((p) => p === b.platform);
  const account = typeof b.account === 'string' ? b.account : '';
  const text = typeof b.text === 'string' ? b.text : '';
  if (!platform || !account || !text || (b.source !== 'comment' && b.source !== 'message')) {
    send(res, 400, { message: 'platform, account, source (comment|message) and text are required' });
    return true;
  }
  const authorId = typeof b.authorId === 'string' && b.authorId ? b.authorId : undefined;
  const pattern = ID_SHAPES[platform].personPattern;
  if (authorId && !pattern.test(authorId)) {
    // Refused here, not as a broken page later (Douyin's IM encodes the uid as a number).
    send(res, 400, { message: `authorId ${authorId} is not a ${platform} user id (${pattern.source})` });
    return true;
  }
  const name = typeof b.author === 'string' && b.author ? b.author : randomName();
  const author = inbox.person(platform, account, name, authorId);
  const createdAt = typeof b.at === 'number' ? b.at : Date.now();
  const fromSelf = b.fromSelf === true;
  if (b.source === 'message') {
    // fromSelf: the account wrote first (e.g. to someone who has not answered yet).
    const m = inbox.addMessage({ platform, account, peer: author, fromSelf, text, createdAt });
    send(res, 200, { id: m.id, workId: '', author } satisfies FedItem);
    return true;
  }
  let workId: string;
  let parentId = '';
  let rootId = '';
  if (typeof b.parent === 'string' && b.parent) {
    const parent = inbox.comment(platform, account, b.parent);
    if (!parent) {
      send(res, 400, { message: `no comment ${b.parent} on ${platform}/${account}` });
      return true;
    }
    workId = parent.workId;
    parentId = parent.id;
    rootId = parent.rootId || parent.id;
  } else {
    workId = workFor(state, platform, account, typeof b.post === 'string' ? b.post : undefined).id;
  }
  const who = fromSelf ? inbox.self(platform, account) : author;
  const c = inbox.addComment({ platform, account, workId, parentId, rootId, author: who, fromSelf, text, createdAt });
  send(res, 200, { id: c.id, workId, author: who } satisfies FedItem);
  return true;
}
