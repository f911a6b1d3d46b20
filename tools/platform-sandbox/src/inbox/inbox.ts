import { createHash, randomBytes, randomInt } from 'node:crypto';
import { midOf } from '../sites/bilibili/session.ts';
import type { SandboxPlatform } from '../skins.ts';

/** Someone on the platform: their platform-shaped id and nickname. */
export interface InboxPerson {
  id: string;
  name: string;
}

/** A comment on one of the account's posts (a fed one, or the account's own reply). */
export interface InboxComment {
  id: string;
  platform: SandboxPlatform;
  account: string;
  /** The sandbox work (post) it is on. */
  workId: string;
  /** The comment it answers ('' for a first-level comment) and the first-level comment of its thread. */
  parentId: string;
  rootId: string;
  author: InboxPerson;
  fromSelf: boolean;
  text: string;
  /** Epoch ms. */
  createdAt: number;
  /** The client id the write carried ('' when none). */
  clientId: string;
}

/** One private message in the conversation between the account and `peer`. */
export interface InboxMessage {
  id: string;
  platform: SandboxPlatform;
  account: string;
  peer: InboxPerson;
  fromSelf: boolean;
  text: string;
  createdAt: number;
  clientId: string;
  /** Its place in the conversation, counted from 1 (Bilibili's msg_seqno, Douyin's index). */
  seq: number;
}

/** A reply or message that went through a platform's write endpoint: what the sandbox shows a test. */
export interface SentRecord {
  platform: SandboxPlatform;
  account: string;
  kind: 'comment_reply' | 'message';
  /** The new comment's or message's platform id. */
  id: string;
  /** The comment answered (replies) or the person written to (messages). */
  target: string;
  /** The post a reply is on ('' for messages). */
  workId: string;
  text: string;
  clientId: string;
  at: number;
}

/** How one platform shapes its ids (research/leads.md §7's "Ids" column). */
export interface IdShapes {
  comment(): string;
  message(): string;
  /** A person's id, stable for the same seed (a nickname, or the account's own name). */
  person(seed: string): string;
  /** What a person's id given from outside must look like (the site's wire format breaks on another). */
  personPattern: RegExp;
  /** The account's own id where the site already gives it one (Bilibili: the mid of its DedeUserID cookie). */
  self?: (account: string) => string;
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const hex = (n: number) =>
  randomBytes(Math.ceil(n / 2))
    .toString('hex')
    .slice(0, n);
const stable = (seed: string, salt: string) => createHash('sha256').update(`${salt}:${seed}`).digest();
const stableDigits = (seed: string, salt: string, n: number) => {
  const v = stable(seed, salt).readBigUInt64BE(0) % 10n ** BigInt(n - 1);
  return `${1 + ((stable(seed, `${salt}!`)[0] ?? 0) % 9)}${v.toString().padStart(n - 1, '0')}`;
};

/** Ids per platform: Douyin "@…" comment ids, Kuaishou numeric, Xiaohongshu 24-hex, Channels numeric strings, Bilibili beyond 2^53. */
export const ID_SHAPES: Record<SandboxPlatform, IdShapes> = {
  douyin: {
    comment: () => `@${randomBytes(24).toString('base64url')}`,
    message: () => `7${digits(18)}`, // server_msg_id: a uint64 beyond 2^53
    person: (seed) => stableDigits(seed, 'douyin-uid', 14),
    personPattern: /^[1-9]\d{0,18}$/, // a uint64 in the IM's protobuf
  },
  kuaishou: {
    comment: () => `${1 + randomInt(9)}${digits(14)}`, // a JSON number, below 2^53
    message: () => digits(16),
    person: (seed) => stableDigits(seed, 'kuaishou-uid', 10),
    personPattern: /^[1-9]\d{0,14}$/, // a JSON number, below 2^53
  },
  xiaohongshu: {
    comment: () => hex(24),
    message: () => hex(24),
    person: (seed) => stable(seed, 'xhs-uid').toString('hex').slice(0, 24),
    personPattern: /^[0-9a-f]{24}$/,
  },
  channels: {
    comment: () => `14${digits(17)}`,
    message: () => `${1 + randomInt(9)}${digits(18)}`,
    // Our assumption: a WeChat user's username as the private-message API carries it.
    person: (seed) => `wxid_${stable(seed, 'wx-user').toString('hex').slice(0, 14)}`,
    personPattern: /^wxid_[0-9a-z]+$/,
  },
  bilibili: {
    comment: () => `2${digits(16)}`, // rpid: beyond 2^53, so a JSON.parse rounds it
    message: () => `7${digits(18)}`, // msg_key: beyond 2^53
    person: (seed) => String(Number(stableDigits(seed, 'bili-mid', 9))),
    personPattern: /^[1-9]\d{0,18}$/, // a mid
    self: (account) => String(midOf(account)),
  },
};

/** Comments and private messages of every account, and what the accounts sent (one per sandbox instance). */
export class Inbox {
  readonly comments: InboxComment[] = [];
  readonly messages: InboxMessage[] = [];
  readonly sent: SentRecord[] = [];
  /** `${platform}/${account}/${name}` → the person fed under that nickname. */
  private readonly people = new Map<string, InboxPerson>();

  /** The account itself as a person on the platform. */
  self(platform: SandboxPlatform, account: string): InboxPerson {
    const shapes = ID_SHAPES[platform];
    return { id: shapes.self?.(account) ?? shapes.person(`self:${account}`), name: account };
  }

  /** The person a nickname stands for on this account's platform (the same nickname, the same person). */
  person(platform: SandboxPlatform, account: string, name: string, id?: string): InboxPerson {
    const key = `${platform}/${account}/${name}`;
    let p = this.people.get(key);
    if (!p) {
      p = { id: id ?? ID_SHAPES[platform].person(`${account}:${name}`), name };
      this.people.set(key, p);
    }
    return p;
  }

  addComment(fields: Omit<InboxComment, 'id' | 'clientId'> & { clientId?: string }): InboxComment {
    const c: InboxComment = { ...fields, id: ID_SHAPES[fields.platform].comment(), clientId: fields.clientId ?? '' };
    this.comments.push(c);
    return c;
  }

  addMessage(fields: Omit<InboxMessage, 'id' | 'seq' | 'clientId'> & { clientId?: string }): InboxMessage {
    const seq = this.thread(fields.platform, fields.account, fields.peer.id).length + 1;
    const m: InboxMessage = {
      ...fields,
      id: ID_SHAPES[fields.platform].message(),
      seq,
      clientId: fields.clientId ?? '',
    };
    this.messages.push(m);
    return m;
  }

  /** The account's comments, newest first (on one post when `workId` is given). */
  commentsOf(platform: SandboxPlatform, account: string, workId?: string): InboxComment[] {
    return this.comments
      .filter((c) => c.platform === platform && c.account === account && (!workId || c.workId === workId))
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  comment(platform: SandboxPlatform, account: string, id: string): InboxComment | undefined {
    return this.comments.find((c) => c.platform === platform && c.account === account && c.id === id);
  }

  /** The conversation with one person, oldest first. */
  thread(platform: SandboxPlatform, account: string, peerId: string): InboxMessage[] {
    return this.messages.filter((m) => m.platform === platform && m.account === account && m.peer.id === peerId);
  }

  /** The account's conversations: each person and their messages, the latest conversation first. */
  conversations(platform: SandboxPlatform, account: string): { peer: InboxPerson; messages: InboxMessage[] }[] {
    const byPeer = new Map<string, { peer: InboxPerson; messages: InboxMessage[] }>();
    for (const m of this.messages) {
      if (m.platform === platform && m.account === account) {
        const c = byPeer.get(m.peer.id) ?? { peer: m.peer, messages: [] };
        c.messages.push(m);
        byPeer.set(m.peer.id, c);
      }
    }
    const last = (c: { messages: InboxMessage[] }) => c.messages.at(-1)?.createdAt ?? 0;
    return [...byPeer.values()].sort((a, b) => last(b) - last(a));
  }

  /** The person an id names among the account's conversations and commenters. */
  personById(platform: SandboxPlatform, account: string, id: string): InboxPerson | undefined {
    for (const [key, p] of this.people) {
      if (key.startsWith(`${platform}/${account}/`) && p.id === id) {
        return p;
      }
    }
    return undefined;
  }

  record(entry: Omit<SentRecord, 'at'>): void {
    this.sent.push({ ...entry, at: Date.now() });
  }
}
