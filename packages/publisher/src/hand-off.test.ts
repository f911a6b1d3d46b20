import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_PLATFORMS } from '@vidmatrix/contract/rules/publish-rules';
import { sandboxControl, type SandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox, type Sandbox } from '@vidmatrix/platform-sandbox/server';
import { openAccount, type AccountSession } from './run-job.ts';
import { makeTinyMp4, sandboxOptions, tempDir } from '../test/support.ts';

let sandbox: Sandbox;
let control: SandboxControl;
let dir: string;
let video: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  control = sandboxControl(sandbox.url);
  dir = await tempDir('hand-off');
  video = await makeTinyMp4(dir);
});

afterAll(async () => {
  await sandbox?.close();
});

describe.each(PUBLISH_PLATFORMS)('%s: a code handed to a person', (platform) => {
  const user = `handoff-${platform}`;
  let session: AccountSession;

  beforeAll(async () => {
    session = await openAccount(
      { id: user, profileDir: join(dir, `profile-${platform}`) },
      sandboxOptions(sandbox.url, join(dir, 'artefacts')),
    );
    await session.loginByQr(platform, async (image) => {
      await control.scan(image, user);
    });
  });

  afterAll(async () => {
    await session?.close();
  });

  it('a wrong code is asked again, and the right one is taken although the old error still shows', async () => {
    // The platform takes a moment to check a code, as a real one does: the old error is on screen meanwhile.
    await control.setSwitches(platform, { verify: 'sms', verifyDelayMs: 1_500 });
    const before = await control.creates(platform, user);
    const answers: string[] = [];
    const result = await session.publish(
      {
        id: `handoff-${platform}`,
        platform,
        account: { id: user, profileDir: join(dir, `profile-${platform}`) },
        videoPath: video,
        title: platform === 'channels' ? '门店新品上架验证码期' : '验证码重试',
        description: '春季新品到店',
        topics: [],
      },
      {
        onNeedsAction: async () => {
          const { code } = await control.code(platform, user);
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
    expect((await control.creates(platform, user)).accepted).toBe(before.accepted + 1);
  });
});
