import {
  AUTH_REQUEST_ENDED,
  type AuthRequestState,
  type AuthTask,
  type AuthorizeView,
  type authClaimBody,
  type authResultBody,
} from '@vidmatrix/contract/api/runner-auth';
import { AUTH_REQUEST_TTL_MS } from '@vidmatrix/contract/constants';
import { Msg, fillMsg } from '@vidmatrix/contract/messages';
import { CookieAuth } from '@vidmatrix/contract/rules/account-selectability';
import { PUBLISH_PLATFORMS, PUBLISH_RULES, publishPlatformOf } from '@vidmatrix/contract/rules/publish-rules';
import { RUNNER_ONLINE_MS } from '@vidmatrix/contract/rules/publish-state';
import type { z } from 'zod';
import { badRequest, notFound } from '../../errors.ts';
import { announceAuthChange, announceAuthExpired, type AuthStatusChange } from '../enterprise-account/auth-status.ts';
import type { RealtimePublisher } from '../../realtime/hub.ts';
import type { Transaction } from '../../repositories.ts';
import { LongPolls, SERVER_RUNNERS_KEY } from './long-poll.ts';
import type { RunnerIdentity } from './runner-registry.service.ts';
import type { AuthRequestRow, RunnerAuthRepository } from './runner-auth.repository.ts';
import type { ServerRunnerRepository } from './server-runner.repository.ts';
import { findingOf, view, writeFinding, type AccountRef } from './runner-auth-findings.ts';

const OPEN_STATES: readonly AuthRequestState[] = ['pending', 'running', 'qr', 'sms'];
const SWEEP_BATCH = 500;
/** Platform ids a runner can log in to (the publish platforms). */
const RUNNER_PLATFORM_IDS = PUBLISH_PLATFORMS.flatMap((p) => PUBLISH_RULES[p].platformIds);

export interface RunnerAuthDeps {
  now: () => number;
  realtime: RealtimePublisher;
  runnerAuthRepository: RunnerAuthRepository;
  serverRunnerRepository: Pick<ServerRunnerRepository, 'onlineCount' | 'levelOf'>;
  /**
   * Ends a request and writes the account's status in one transaction (its runnerAuthRepository and
   * enterpriseAccountRepository): nobody may read a request done while its account is still unauthorized.
   */
  transaction: Transaction;
}

/**
 * Account authorization through the member's runners (SPEC §4, issue 10): a QR login the member asks
 * for from the account page, relayed QR by QR to the console, and a daily sweep that sets
 * cookie_auth_status 2 when the stored login no longer works (a job's or a pass's login check that finds
 * it gone is `account.logged_out`, which the account module writes). Every move is a compare-and-set on the request row.
 */
export class RunnerAuthService {
  private readonly repo: RunnerAuthRepository;
  private readonly servers: Pick<ServerRunnerRepository, 'onlineCount' | 'levelOf'>;
  /** authClaims waiting on this instance, woken when a request of their member is made here. */
  readonly longPolls = new LongPolls();

  constructor(private readonly deps: RunnerAuthDeps) {
    this.repo = deps.runnerAuthRepository;
    this.servers = deps.serverRunnerRepository;
  }

  /**
   * runner.Authorize/start: one of the member's runners, or a server runner where the member's level
   * allows it, logs in. Refused with 请在客户端进行操作 when no runner is online at all, and with the
   * level's name when only server runners are and the level does not include them.
   */
  async start(memberId: number, accountId: number): Promise<number> {
    const account = await this.repo.account(memberId, accountId);
    if (!account) {
      throw badRequest(Msg.accountNotOwned);
    }
    const now = this.deps.now();
    if ((await this.repo.onlineRunners(memberId, now - RUNNER_ONLINE_MS)).length === 0) {
      await this.requireServerRunner(memberId, now - RUNNER_ONLINE_MS);
    }
    const platform = publishPlatformOf(account.platform_id);
    if (!platform) {
      throw badRequest(Msg.desktopAuthUnsupported);
    }
    // A new login replaces an earlier one still open for the account.
    for (const open of await this.repo.open(memberId, [accountId], 'login')) {
      const ended = await this.repo.move(open.id, OPEN_STATES, { state: 'cancelled', updated_at: now });
      if (ended) {
        this.push(ended, account.cookie_auth_status);
      }
    }
    const id = await this.repo.insert({
      member_id: memberId,
      enterprise_account_id: accountId,
      platform,
      kind: 'login',
      state: 'pending',
      message: Msg.authRunnerWaiting,
      expires_at: now + AUTH_REQUEST_TTL_MS,
      created_at: now,
      updated_at: now,
    });
    this.wake(memberId);
    return id;
  }

  /** Throws unless a server runner is online and the member's level lets it serve the member. */
  private async requireServerRunner(memberId: number, since: number): Promise<void> {
    if ((await this.servers.onlineCount(since)) === 0) {
      throw badRequest(Msg.clientOnly);
    }
    const level = await this.servers.levelOf(memberId);
    if (level?.server_runners !== 1) {
      throw badRequest(fillMsg(Msg.serverRunnerLevelRefused, { level: level?.name ?? '' }));
    }
  }

  /** runner.Authorize/info: where a request stands (the console's fallback to the websocket frames). */
  async info(memberId: number, requestId: number): Promise<AuthorizeView> {
    const row = await this.repo.find(memberId, requestId);
    if (!row) {
      throw notFound();
    }
    const account = await this.repo.account(memberId, row.enterprise_account_id);
    return view(row, account?.cookie_auth_status ?? 0);
  }

  /** runner.Authorize/cancel: the runner stops at its next QR report. */
  async cancel(memberId: number, requestId: number): Promise<void> {
    const row = await this.repo.find(memberId, requestId);
    if (!row) {
      throw notFound();
    }
    const moved = await this.repo.move(row.id, OPEN_STATES, { state: 'cancelled', updated_at: this.deps.now() });
    if (moved) {
      await this.pushWithStatus(moved);
    }
  }

  /** runner.Authorize/expired: the accounts whose login no longer works, to authorize again. */
  async expiredAccounts(memberId: number) {
    const rows = await this.repo.accountsWithStatus(memberId, RUNNER_PLATFORM_IDS, CookieAuth.expired);
    return rows.map((r) => ({ enterprise_account_id: r.id, nickname: r.nickname, platform_id: r.platform_id }));
  }

  /**
   * runner.Runner/authClaim: open requests of the runner's member for its free slots; long poll that
   * ends when `gone` aborts (the runner's request closed), handing back what it took as it went.
   */
  async claim(runner: RunnerIdentity, body: z.output<typeof authClaimBody>, gone?: AbortSignal): Promise<AuthTask[]> {
    await this.repo.runnerSeen(runner.id, this.deps.now());
    return this.longPolls.poll(
      runner.member_id ?? SERVER_RUNNERS_KEY,
      body.wait_ms,
      gone,
      () => this.claimOnce(runner, body.slots, body.busy_accounts),
      (tasks) => this.release(runner, tasks),
    );
  }

  /** Requests just taken for a request that has gone are pending again at once. */
  private async release(runner: RunnerIdentity, tasks: readonly AuthTask[]): Promise<void> {
    const now = this.deps.now();
    for (const task of tasks) {
      const moved = await this.repo.move(
        task.request_id,
        ['running'],
        { state: 'pending', runner_id: null, updated_at: now },
        { runnerId: runner.id },
      );
      if (moved?.kind === 'login') {
        await this.pushWithStatus(moved);
      }
    }
    this.wake(runner.member_id);
  }

  private async claimOnce(runner: RunnerIdentity, slots: number, busy: readonly number[]): Promise<AuthTask[]> {
    const now = this.deps.now();
    const tasks: AuthTask[] = [];
    const taken = new Set(busy);
    for (const candidate of await this.repo.pending(runner.member_id, now, busy, slots * 4)) {
      if (tasks.length >= slots) {
        break;
      }
      const row = await this.requestOf(runner, candidate.id);
      if (!row || taken.has(row.enterprise_account_id)) {
        continue;
      }
      const moved = await this.repo.move(row.id, ['pending'], {
        state: 'running',
        runner_id: runner.id,
        updated_at: now,
      });
      if (!moved) {
        continue; // another runner took it
      }
      taken.add(moved.enterprise_account_id);
      const account = await this.repo.account(moved.member_id, moved.enterprise_account_id);
      const platform = publishPlatformOf(account?.platform_id ?? 0);
      if (!account || !platform) {
        await this.repo.move(moved.id, ['running'], { state: 'failed', message: Msg.notFound, updated_at: now });
        continue;
      }
      if (moved.kind === 'login') {
        this.push(moved, account.cookie_auth_status);
      }
      tasks.push({
        request_id: moved.id,
        kind: moved.kind === 'check' ? 'check' : 'login',
        enterprise_account_id: account.id,
        platform,
        ip_code: account.ip_code,
      });
    }
    return tasks;
  }

  /** runner.Runner/authQr: relays the QR to the member's console; tells the runner to stop when the request ended. */
  async qr(runner: RunnerIdentity, requestId: number, image: string): Promise<boolean> {
    const now = this.deps.now();
    const moved = await this.repo.move(
      requestId,
      ['running', 'qr'],
      { state: 'qr', qr_image: image, updated_at: now },
      { runnerId: runner.id },
    );
    if (!moved || (runner.member_id !== null && moved.member_id !== runner.member_id)) {
      return true;
    }
    const account = await this.repo.account(moved.member_id, moved.enterprise_account_id);
    moved.message = fillMsg(Msg.authRunnerQrPrompt, { platform: account?.platform_name ?? '' });
    await this.repo.move(moved.id, ['qr'], { message: moved.message }, { runnerId: runner.id });
    this.push(moved, account?.cookie_auth_status ?? 0);
    return false;
  }

  /**
   * runner.Runner/authSms: the login page asks for an SMS code after the scan (Douyin). The first call
   * moves the request to `sms` and asks the member in the console; later calls hand the member's code
   * out once (the request goes back to `running` while the page checks it; a code the platform
   * `refused` asks again, saying so).
   */
  async sms(runner: RunnerIdentity, requestId: number, refused = false): Promise<{ cancel: boolean; code: string }> {
    const row = await this.requestOf(runner, requestId);
    if (!row || row.runner_id !== runner.id || !OPEN_STATES.includes(row.state as AuthRequestState)) {
      return { cancel: true, code: '' };
    }
    const now = this.deps.now();
    const guard = { runnerId: runner.id };
    if (row.state === 'sms') {
      if (!row.sms_code) {
        return { cancel: false, code: '' };
      }
      const taken = await this.repo.move(
        row.id,
        ['sms'],
        { state: 'running', sms_code: '', message: Msg.authSmsChecking, updated_at: now },
        { ...guard, smsCode: row.sms_code },
      );
      if (taken) {
        await this.pushWithStatus(taken);
      }
      return { cancel: false, code: taken ? row.sms_code : '' };
    }
    const account = await this.repo.account(row.member_id, row.enterprise_account_id);
    const message = refused
      ? Msg.authSmsCodeRefused
      : fillMsg(Msg.authSmsPrompt, { platform: account?.platform_name ?? '' });
    const asked = await this.repo.move(
      row.id,
      ['running', 'qr'],
      { state: 'sms', sms_code: '', qr_image: '', message, updated_at: now },
      guard,
    );
    if (asked) {
      this.push(asked, account?.cookie_auth_status ?? 0);
    }
    return { cancel: !asked, code: '' };
  }

  /** runner.Authorize/code: the member's SMS code for a request that asks for one (refused otherwise). */
  async code(memberId: number, requestId: number, code: string): Promise<void> {
    const row = await this.repo.find(memberId, requestId);
    if (!row) {
      throw notFound();
    }
    const moved = await this.repo.move(row.id, ['sms'], { sms_code: code, updated_at: this.deps.now() });
    if (!moved) {
      throw badRequest(Msg.authSmsNotAsked);
    }
  }

  /** runner.Runner/authResult: ends the request and sets the account's cookie_auth_status from what the runner found. */
  async result(runner: RunnerIdentity, body: z.output<typeof authResultBody>): Promise<AuthRequestState> {
    const row = await this.requestOf(runner, body.request_id);
    if (!row || row.runner_id !== runner.id) {
      throw notFound();
    }
    if (AUTH_REQUEST_ENDED.includes(row.state as AuthRequestState)) {
      return row.state as AuthRequestState;
    }
    const now = this.deps.now();
    const login = row.kind === 'login';
    const ok = body.result === 'valid';
    const message = login
      ? ok
        ? Msg.authSuccess
        : body.message === 'timeout'
          ? Msg.authRunnerTimeout
          : fillMsg(Msg.authRunnerFailed, {
              reason: body.result === 'invalid' ? Msg.authExpired : Msg.desktopAuthFailed,
            })
      : body.result;
    const state: AuthRequestState = login && !ok ? 'failed' : 'done';
    const finding = findingOf(login, body.result);
    // One transaction: a reader never sees the request done while the account is still unauthorized
    // (a batch added in between was refused with 该账号未授权, issue 27).
    const ended = await this.deps.transaction(async ({ runnerAuthRepository, enterpriseAccountRepository }) => {
      const moved = await runnerAuthRepository.move(
        row.id,
        OPEN_STATES,
        { state, result: body.result, message, qr_image: '', sms_code: '', updated_at: now },
        { runnerId: runner.id },
      );
      const logged = moved && finding ? await writeFinding(enterpriseAccountRepository, row, finding, now) : undefined;
      return { moved, logged };
    });
    if (!ended.moved) {
      return ((await this.repo.find(row.member_id, row.id))?.state ?? 'cancelled') as AuthRequestState;
    }
    if (finding) {
      await this.announce(row, finding, ended.logged);
    }
    if (login) {
      await this.pushWithStatus(ended.moved);
    }
    return state;
  }

  /**
   * After a finding's write has committed (`logged` changes, undefined when the account was gone): the data
   * screen reads again, and an account that has just expired is named to the member.
   */
  private async announce(account: AccountRef, change: AuthStatusChange, logged: number | undefined): Promise<void> {
    if (logged === undefined) {
      return;
    }
    announceAuthChange(this.deps.realtime, account.member_id);
    if (change.status === CookieAuth.expired && logged > 0) {
      const accounts = await this.repo.accountsByIds(account.member_id, [account.enterprise_account_id]);
      announceAuthExpired(this.deps.realtime, account.member_id, accounts);
    }
  }

  /**
   * The daily sweep: for each member with a runner online, a login check of every authorized account
   * on a runner platform (one open check per account at a time). Members without a runner keep their
   * status until a runner or the desktop checks it.
   */
  async sweep(): Promise<number> {
    const now = this.deps.now();
    let made = 0;
    // Members' own runners only: a server runner checks an account's login before each job it runs.
    for (const memberId of await this.repo.membersOnline(now - RUNNER_ONLINE_MS)) {
      const accounts = await this.repo.accountsWithStatus(memberId, RUNNER_PLATFORM_IDS, CookieAuth.authorized);
      const open = new Set(
        (
          await this.repo.open(
            memberId,
            accounts.map((a) => a.id),
            'check',
          )
        ).map((o) => o.enterprise_account_id),
      );
      for (const account of accounts) {
        const platform = publishPlatformOf(account.platform_id);
        if (open.has(account.id) || !platform) {
          continue;
        }
        await this.repo.insert({
          member_id: memberId,
          enterprise_account_id: account.id,
          platform,
          kind: 'check',
          state: 'pending',
          expires_at: now + AUTH_REQUEST_TTL_MS,
          created_at: now,
          updated_at: now,
        });
        made++;
      }
      this.wake(memberId);
    }
    return made;
  }

  /** Ends requests past their time; a login's console is told. */
  async expire(): Promise<number> {
    const now = this.deps.now();
    let count = 0;
    for (const row of await this.repo.overdue(now, SWEEP_BATCH)) {
      const moved = await this.repo.move(row.id, OPEN_STATES, {
        state: 'expired',
        qr_image: '',
        message: row.kind === 'login' ? Msg.authRunnerTimeout : '',
        updated_at: now,
      });
      if (moved) {
        count++;
        if (moved.kind === 'login') {
          await this.pushWithStatus(moved);
        }
      }
    }
    return count;
  }

  private async pushWithStatus(row: AuthRequestRow): Promise<void> {
    const account = await this.repo.account(row.member_id, row.enterprise_account_id);
    this.push(row, account?.cookie_auth_status ?? 0);
  }

  private push(row: AuthRequestRow, cookieAuthStatus: number): void {
    this.deps.realtime.publish(row.member_id, { type: 'account_auth', data: view(row, cookieAuthStatus) });
  }

  /** Wakes the member's runners' polls and the server runners' (they may serve the member). */
  private wake(memberId: number | null): void {
    if (memberId !== null) {
      this.longPolls.wake(memberId);
    }
    this.longPolls.wake(SERVER_RUNNERS_KEY);
  }

  /** A request the runner may act on: its member's, or any (a server runner serves several members). */
  private requestOf(runner: RunnerIdentity, id: number): Promise<AuthRequestRow | undefined> {
    return runner.member_id === null ? this.repo.findAny(id) : this.repo.find(runner.member_id, id);
  }
}
