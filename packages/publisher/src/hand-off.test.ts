import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_PLATFORMS } from '@vidmatrix/contract/rules/publish-rules';
import type { AccountSession } from './run-job.ts';
import { makeTinyMp4, publishBench, type PublishBench } from '../test/support.ts';

let bench: PublishBench;
let video: string;

beforeAll(async () => {
  bench = await publishBench('hand-off');
  video = await makeTinyMp4(bench.dir);
});

afterAll(async () => {
  await bench?.close();
});

describe.each(PUBLISH_PLATFORMS)('%s: a code handed to a person', (platform) => {
  const user = `handoff-${platform}`;
  let session: AccountSession & { profileDir: string };

  beforeAll(async () => {
    session = await bench.loggedIn(platform, user);
  });

  afterAll(async () => {
    await session?.close();
  });

  it('a wrong code is asked again, and the right one is taken although the old error still shows', async () => {
    // The platform takes a moment to check a code, as a real one does: the old error is on screen meanwhile.
    await bench.control.setSwitches(platform, { verify: 'sms', verifyDelayMs: 1_500 });
    const before = await bench.control.creates(platform, user);
    const answers: string[] = [];
    const result = await session.publish(
      {
        id: `handoff-${platform}`,
        platform,
        account: { id: user, profileDir: session.profileDir },
        videoPath: video,
        title: platform === 'channels' ? '门店新品上架验证码期' : '验证码重试',
        description: '春季新品到店',
        topics: [],
      },
      {
        onNeedsAction: async () => {
          const { code } = await bench.control.code(platform, user);
          // The person mistypes first: the platform shows its error and keeps the dialog open.
          const answer = answers.length === 0 ? String((Number(code) + 1) % 1_000_000).padStart(6, '0') : code;
          answers.push(answer);
          return { code: answer };
        },
      },
    );
    expect(result.error).toBeUndefined();
    expect(result.outcome).toBe('published');
    expect(answers).toHaveLength(2);
    expect((await bench.control.creates(platform, user)).accepted).toBe(before.accepted + 1);
  });
});
