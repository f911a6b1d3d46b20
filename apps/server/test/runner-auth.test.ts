import { join } from 'node:path';
import { RunnerAuthApi, type AuthorizeView } from '@vidmatrix/contract/api/runner-auth';
import { Msg } from '@vidmatrix/contract/messages';
import { sandboxOptions, tempDir } from '@vidmatrix/publisher/test-support';
import { describe, expect, it } from 'vitest';
import { addMember, login } from './helpers.ts';
import {
  addAccounts,
  addVideos,
  createRunner,
  memberCall,
  runnerCall,
  publishStageHooks,
  untilWithin,
} from './publish-helpers.ts';
import { socketUrl, TestSocket } from './realtime-helpers.ts';

const DOUYIN = 1;
const XIAOHONGSHU = 3;
/** Generous: a busy two-core machine runs Chromium and the server at once. */
const DEADLINE_MS = 240_000;

const stage = publishStageHooks();

/** Polls until `check` holds, up to this file's deadline. */
const until = untilWithin(DEADLINE_MS);

const statusOf = async (id: number) =>
  (
    await stage.ctx.db
      .selectFrom('enterprise_account')
      .select('cookie_auth_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).cookie_auth_status;

describe('account authorization through a runner', { timeout: DEADLINE_MS * 3 }, () => {
  it('answers 请在客户端进行操作 while none of the member’s runners is online', async () => {
    const [account] = (await addAccounts(stage.ctx.db, stage.memberId, [DOUYIN], 0)) as [number];
    await createRunner(stage.ctx.app, stage.token, 'never-started');
    const res = await memberCall(stage.ctx.app, stage.token, RunnerAuthApi.start, { enterprise_account_id: account });
    expect(res.code).not.toBe(200);
    expect(res.msg).toBe(Msg.clientOnly);
  });

  it('relays the QR to the console, sets status 1 on the scan, and the daily sweep sets 2 when the login stops working', async () => {
    const [douyin, xhs] = (await addAccounts(stage.ctx.db, stage.memberId, [DOUYIN, XIAOHONGSHU], 0)) as [
      number,
      number,
    ];
    const socket = await TestSocket.bound(socketUrl(stage.ctx.app), stage.memberId, stage.token);
    const workDir = await tempDir('runner-auth');
    await stage.startRunner('auth', {
      workDir,
      publisher: sandboxOptions(stage.sandbox.url, join(workDir, 'artefacts')),
    });
    // Online once its first claim reached the server.
    await until(
      'runner online',
      () =>
        memberCall<{ list: { online: boolean; name: string }[] }>(
          stage.ctx.app,
          stage.token,
          '/api/runner.Runner/list',
        ),
      (r) => r.data.list.some((x) => x.name === 'auth' && x.online),
    );

    let started0 = 0;
    for (const [account, user] of [
      [douyin, 'dy-user'],
      [xhs, 'xhs-user'],
    ] as const) {
      const started = await memberCall<{ request_id: number }>(stage.ctx.app, stage.token, RunnerAuthApi.start, {
        enterprise_account_id: account,
      });
      expect(started.code).toBe(200);
      const requestId = started.data.request_id;
      started0 ||= requestId;
      // The QR arrives over the websocket, as the console's dialog shows it.
      const qr = await socket.next('account_auth', (f) => f.data.request_id === requestId && f.data.state === 'qr');
      expect(qr.data.qr_image).toMatch(/^data:image\//);
      expect(qr.data.msg).toMatch(/扫码登录/);
      await stage.control.scan(qr.data.qr_image, user);
      const done = await socket.next('account_auth', (f) => f.data.request_id === requestId && f.data.state === 'done');
      expect(done.data.msg).toBe(Msg.authSuccess);
      expect(done.data.cookie_auth_status).toBe(1);
      expect(await statusOf(account)).toBe(1);
      const info = await memberCall<AuthorizeView>(stage.ctx.app, stage.token, RunnerAuthApi.info, {
        request_id: requestId,
      });
      expect(info.data.state).toBe('done');
    }
    const logs = await stage.ctx.db
      .selectFrom('enterprise_account_auth_log')
      .select(['enterprise_account_id', 'to_status', 'reason'])
      .where('enterprise_account_id', 'in', [douyin, xhs])
      .execute();
    expect(logs).toEqual(
      expect.arrayContaining([
        { enterprise_account_id: douyin, to_status: 1, reason: Msg.authReasonRunnerLogin },
        { enterprise_account_id: xhs, to_status: 1, reason: Msg.authReasonRunnerLogin },
      ]),
    );

    // Another member sees nothing of these requests.
    await addMember(stage.ctx, 'other-auth');
    const otherToken = (await login(stage.ctx.app, 'other-auth', 'secret-123')).ApiToken;
    const peek = await memberCall(stage.ctx.app, otherToken, RunnerAuthApi.info, { request_id: started0 });
    expect(peek.code).not.toBe(200);
    const steal = await memberCall(stage.ctx.app, otherToken, RunnerAuthApi.start, { enterprise_account_id: douyin });
    expect(steal.msg).toBe(Msg.accountNotOwned);

    // Douyin's session ends on the platform; the daily sweep has the runner check every authorized account.
    await stage.control.expireSession('douyin', 'dy-user');
    const made = await stage.ctx.app.services.runnerAuth.sweep();
    expect(made).toBeGreaterThanOrEqual(2);
    await until(
      'douyin expired',
      () => statusOf(douyin),
      (s) => s === 2,
    );
    const expiredFrame = await socket.next('account_auth_expired', (f) =>
      f.data.accounts.some((a) => a.enterprise_account_id === douyin),
    );
    expect(expiredFrame.data.accounts[0]?.nickname).toBeTruthy();
    await until(
      'xiaohongshu checks valid',
      () =>
        stage.ctx.db
          .selectFrom('account_auth_request')
          .select(['state', 'result'])
          .where('enterprise_account_id', '=', xhs)
          .where('kind', '=', 'check')
          .executeTakeFirst(),
      (r) => r?.state === 'done',
    );
    expect(await statusOf(xhs)).toBe(1);
    const expired = await memberCall<{ list: { enterprise_account_id: number }[] }>(
      stage.ctx.app,
      stage.token,
      RunnerAuthApi.expired,
    );
    expect(expired.data.list.map((a) => a.enterprise_account_id)).toContain(douyin);
    expect(expired.data.list.map((a) => a.enterprise_account_id)).not.toContain(xhs);
    socket.close();
    // The next test claims by hand: this runner must not take the job first.
    await stage.runner?.stop();
    stage.runner = undefined;
  });
});

describe('an SMS check after the scan (Douyin)', { timeout: DEADLINE_MS * 3 }, () => {
  it('asks the member in the console, refuses a malformed code, says when the platform refuses one, and the right code logs the account in', async () => {
    const [douyin] = (await addAccounts(stage.ctx.db, stage.memberId, [DOUYIN], 0)) as [number];
    await stage.control.setSwitches('douyin', { douyinLoginSms: true });
    const socket = await TestSocket.bound(socketUrl(stage.ctx.app), stage.memberId, stage.token);
    const workDir = await tempDir('runner-auth-sms');
    await stage.startRunner('auth-sms', {
      workDir,
      publisher: sandboxOptions(stage.sandbox.url, join(workDir, 'artefacts')),
    });
    try {
      await until(
        'runner online',
        () =>
          memberCall<{ list: { online: boolean; name: string }[] }>(
            stage.ctx.app,
            stage.token,
            '/api/runner.Runner/list',
          ),
        (r) => r.data.list.some((x) => x.name === 'auth-sms' && x.online),
      );
      const started = await memberCall<{ request_id: number }>(stage.ctx.app, stage.token, RunnerAuthApi.start, {
        enterprise_account_id: douyin,
      });
      expect(started.code, started.msg).toBe(200);
      const requestId = started.data.request_id;
      // No code is taken while none is asked for.
      const early = await memberCall(stage.ctx.app, stage.token, RunnerAuthApi.code, {
        request_id: requestId,
        code: '123456',
      });
      expect(early.msg).toBe(Msg.authSmsNotAsked);

      const qr = await socket.next('account_auth', (f) => f.data.request_id === requestId && f.data.state === 'qr');
      await stage.control.scan(qr.data.qr_image, 'dy-sms-user');
      const asked = await socket.next('account_auth', (f) => f.data.request_id === requestId && f.data.state === 'sms');
      expect(asked.data.msg).toContain('短信验证码');
      expect(asked.data.qr_image).toBe('');

      const malformed = await memberCall(stage.ctx.app, stage.token, RunnerAuthApi.code, {
        request_id: requestId,
        code: '12a',
      });
      expect(malformed.code).not.toBe(200);
      expect(malformed.msg).toBe(Msg.authSmsCodeFormat);

      // A well-formed code the platform refuses: the console asks again and says why.
      const { code } = await stage.control.code('douyin', 'dy-sms-user');
      const wrong = await memberCall(stage.ctx.app, stage.token, RunnerAuthApi.code, {
        request_id: requestId,
        code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.code, wrong.msg).toBe(200);
      const again = await socket.next(
        'account_auth',
        (f) => f.data.request_id === requestId && f.data.state === 'sms' && f.data.msg === Msg.authSmsCodeRefused,
      );
      expect(again.data.cookie_auth_status).not.toBe(1);

      // The code the platform "sent to the phone" (the sandbox's record), typed by the member.
      const sent = await memberCall(stage.ctx.app, stage.token, RunnerAuthApi.code, { request_id: requestId, code });
      expect(sent.code, sent.msg).toBe(200);
      const done = await socket.next('account_auth', (f) => f.data.request_id === requestId && f.data.state === 'done');
      expect(done.data.msg).toBe(Msg.authSuccess);
      expect(await statusOf(douyin)).toBe(1);
    } finally {
      socket.close();
      await stage.control.setSwitches('douyin', { douyinLoginSms: false });
      await stage.runner?.stop();
      stage.runner = undefined;
    }
  });
});

describe('the login check before each job', () => {
  it('sets status 2 when a job finds the account logged out', async () => {
    // A member of its own: a claim the stopped runner left waiting on the server could take the job.
    const ownerId = await addMember(stage.ctx, 'login-check');
    const ownerToken = (await login(stage.ctx.app, 'login-check', 'secret-123')).ApiToken;
    const [account] = (await addAccounts(stage.ctx.db, ownerId, [XIAOHONGSHU], 1)) as [number];
    const [video] = (await addVideos(stage.ctx.db, ownerId, ['登录检查.mp4'])) as [number];
    const batch = await memberCall<{ batch_id: number }>(
      stage.ctx.app,
      ownerToken,
      '/api/seoaivideo.BatchPublish/add',
      {
        material_ids: [video],
        enterprise_account_ids: [account],
        title: '登录检查测试',
      },
    );
    expect(batch.code).toBe(200);
    const { token: runnerToken } = await createRunner(stage.ctx.app, ownerToken, 'check');
    const claim = await runnerCall<{ jobs: { job_id: number; enterprise_account_id: number }[] }>(
      stage.ctx.app,
      runnerToken,
      'claim',
      { slots: 1, accounts: [account] },
    );
    const job = claim.data.jobs.find((j) => j.enterprise_account_id === account);
    expect(job).toBeDefined();
    const finished = await runnerCall(stage.ctx.app, runnerToken, 'finish', {
      job_id: job?.job_id,
      outcome: 'failed',
      submit_clicked: false,
      error: { reason: 'logged_out', message: 'the session no longer holds (login page shown)' },
    });
    expect(finished.code).toBe(200);
    expect(await statusOf(account)).toBe(2);
    const log = await stage.ctx.db
      .selectFrom('enterprise_account_auth_log')
      .select(['to_status', 'reason'])
      .where('enterprise_account_id', '=', account)
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ to_status: 2, reason: Msg.authReasonJobLoggedOut });
  });
});
