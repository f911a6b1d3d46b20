import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DesktopSession } from '@vidmatrix/contract/desktop-api';
import { createMemoryLogger } from './log.ts';
import { fileTokenStore, TaskSync, type Sealer } from './task-sync.ts';

const sealer: Sealer = {
  seal: (text) => Buffer.from(text).reverse().toString('base64'),
  open: (sealed) => Buffer.from(sealed, 'base64').reverse().toString(),
};

async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'task-sync-'));
  const tokens = fileTokenStore(dir, sealer);
  const issued: number[] = [];
  const revoked: string[] = [];
  const loops: { token: string; member: number; stopped: boolean }[] = [];
  const sync = new TaskSync({
    tokens,
    issuer: {
      issue: (session) => {
        issued.push(session.memberId);
        return Promise.resolve({ runnerId: issued.length, token: `runner-${session.memberId}-${issued.length}` });
      },
      revoke: (credential) => {
        revoked.push(credential.token);
        return Promise.resolve();
      },
    },
    startLoop: (credential, session) => {
      const loop = { token: credential.token, member: session.memberId, stopped: false };
      loops.push(loop);
      return {
        stop: () => {
          loop.stopped = true;
          return Promise.resolve();
        },
      };
    },
    log: createMemoryLogger(),
  });
  return { dir, tokens, sync, issued, revoked, loops };
}

const alice: DesktopSession = { memberId: 7, memberToken: 'member-token-7' };
const bob: DesktopSession = { memberId: 8, memberToken: 'member-token-8' };

describe('task sync', () => {
  it('starts the loop with a stored token on sign-in, stops it and forgets the token on sign-out', async () => {
    const { dir, tokens, sync, issued, revoked, loops } = await setup();
    await sync.signedIn(alice);
    expect(loops).toEqual([{ token: 'runner-7-1', member: 7, stopped: false }]);
    expect((await tokens.get(7))?.token).toBe('runner-7-1');
    // Sealed at rest: the file never holds the token as written.
    expect(await readFile(join(dir, 'runner-tokens.json'), 'utf8')).not.toContain('runner-7-1');

    await sync.signedIn(alice);
    expect(loops).toHaveLength(1);

    await sync.signedOut();
    expect(loops[0]?.stopped).toBe(true);
    expect(await tokens.get(7)).toBeUndefined();
    expect(revoked).toEqual(['runner-7-1']);
    expect(sync.memberId).toBeUndefined();

    await sync.signedIn(alice);
    expect(issued).toEqual([7, 7]);
    expect(loops.at(-1)).toEqual({ token: 'runner-7-2', member: 7, stopped: false });
  });

  it('reuses the stored token after a restart and keeps it on shutdown', async () => {
    const first = await setup();
    await first.sync.signedIn(alice);
    await first.sync.shutdown();
    expect(first.loops[0]?.stopped).toBe(true);
    expect((await first.tokens.get(7))?.token).toBe('runner-7-1');
    await first.sync.signedIn(alice);
    expect(first.issued).toEqual([7]);
    expect(first.loops.map((l) => l.token)).toEqual(['runner-7-1', 'runner-7-1']);
  });

  it('switches members: the first member’s loop stops and their token is forgotten', async () => {
    const { tokens, sync, loops } = await setup();
    // Not awaited in between: the calls are serialized.
    const done = Promise.all([sync.signedIn(alice), sync.signedIn(bob), sync.signedOut(), sync.signedIn(bob)]);
    await done;
    expect(loops.map((l) => [l.member, l.stopped])).toEqual([
      [7, true],
      [8, true],
      [8, false],
    ]);
    expect(await tokens.get(7)).toBeUndefined();
    expect(sync.memberId).toBe(8);
  });
});
