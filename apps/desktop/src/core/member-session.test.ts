import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from './log.ts';
import { MemberSession, type SignInSteps } from './member-session.ts';

function recordingSteps(failing: string[] = []) {
  const calls: string[] = [];
  const step = (name: string) => () => {
    calls.push(name);
    return failing.includes(name) ? Promise.reject(new Error(`${name} broke`)) : Promise.resolve();
  };
  const steps: SignInSteps = {
    checkAuthorizations: step('check'),
    syncFonts: step('fonts'),
    startTasks: (session) => step(`tasks:${session.memberId}`)(),
    stopTasks: step('stop'),
  };
  return { calls, steps };
}

describe('member session', () => {
  it('checks authorizations, then syncs fonts, then starts tasks; sign-out stops them', async () => {
    const { calls, steps } = recordingSteps();
    const session = new MemberSession(steps, createMemoryLogger());
    await session.signedIn({ memberId: 4, memberToken: 'a' });
    expect(session.memberToken).toBe('a');
    await session.signedIn({ memberId: 4, memberToken: 'b' });
    expect(session.memberToken).toBe('b');
    await session.signedOut();
    expect(session.memberToken).toBeUndefined();
    expect(calls).toEqual(['check', 'fonts', 'tasks:4', 'stop']);
  });

  it('only logs a failed step and runs the rest', async () => {
    const { calls, steps } = recordingSteps(['check', 'fonts']);
    const log = createMemoryLogger();
    await new MemberSession(steps, log).signedIn({ memberId: 5, memberToken: 't' });
    expect(calls).toEqual(['check', 'fonts', 'tasks:5']);
    expect(log.entries.map((e) => e.msg)).toEqual(['authorization check failed', 'font sync failed']);
  });

  it('does not start tasks for a member who signed out while the check ran', async () => {
    const { calls, steps } = recordingSteps();
    const session = new MemberSession(
      {
        ...steps,
        checkAuthorizations: async () => {
          calls.push('check');
          await session.signedOut();
        },
      },
      createMemoryLogger(),
    );
    await session.signedIn({ memberId: 6, memberToken: 't' });
    expect(calls).toEqual(['check', 'stop']);
  });
});
