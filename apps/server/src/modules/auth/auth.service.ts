import { randomUUID } from 'node:crypto';
import type {
  CaptchaResult,
  LoginResult,
  changePasswordBody,
  loginBody,
  registerBody,
} from '@vidmatrix/contract/api/auth';
import { CAPTCHA_TTL_MS, TOKEN_TTL_MS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import type { MemberSession } from '@vidmatrix/contract/api/user-center';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { z } from 'zod';
import { MEMBER_ROLE, REGISTER_LEVEL_ID, REGISTER_TRIAL_MS } from '../member/member-defaults.ts';
import type { TokenKind } from '../../db/types.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound, unauthorized } from '../../errors.ts';
import { memberCacheOf, type MemberCache } from '../member/member-cache.ts';
import type { MemberRepository } from '../member/member.repository.ts';
import { createMember, type NewMemberStore } from '../member/new-member.ts';
import type { AuthRepository } from './auth.repository.ts';
import { captchaMatches, hashCaptchaCode, newCaptchaId, type CaptchaGenerator } from './captcha.ts';
import { afterFailure, failureWindowStart, needsCaptcha } from './login-guard.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import { generateToken, hashToken } from './token.ts';

/** What AuthService keeps: tokens, captchas and sign-in failures. */
export type AuthStore = Pick<
  AuthRepository,
  | 'clearFailures'
  | 'consumeCaptcha'
  | 'countFailures'
  | 'findLiveToken'
  | 'insertCaptcha'
  | 'insertTokens'
  | 'liveSessions'
  | 'pruneCaptchas'
  | 'pruneFailures'
  | 'recordFailure'
  | 'revokeMemberSession'
  | 'revokeMemberSessions'
  | 'revokeSession'
>;

/**
 * The clock, the auth and member tables (read and written directly, not through MemberService: issue 26)
 * and the captcha drawer only sign-in needs (tests pass one whose text they know). `db` keys the member cache.
 */
export type AuthDeps = Pick<AppDeps, 'db' | 'now' | 'transaction'> & {
  authRepository: AuthStore;
  memberRepository: NewMemberStore & Pick<MemberRepository, 'findById' | 'updatePasswordHash'>;
  captcha: CaptchaGenerator;
};

/** The signed-in member behind a request's memberToken. */
export interface SessionMember {
  memberId: number;
  /** Groups the three tokens of one login; logout revokes them together. */
  sessionId: string;
}

/** Where a sign-in comes from, kept with the session for the user centre's list. */
export interface SignInClient {
  ip: string;
  /** The user agent. */
  device: string;
}

/** Longest user agent kept with a session. */
const DEVICE_MAX = 300;

/** Sign-in, sign-up, sessions, captchas and passwords. */
export class AuthService {
  private readonly repo: AuthStore;
  private readonly members: AuthDeps['memberRepository'];
  private readonly cache: MemberCache;

  constructor(private readonly deps: AuthDeps) {
    this.repo = deps.authRepository;
    this.members = deps.memberRepository;
    this.cache = memberCacheOf(deps);
  }

  /** Draws a captcha and stores its hashed code for CAPTCHA_TTL_MS, single use. */
  async createCaptcha(): Promise<CaptchaResult> {
    const now = this.deps.now();
    const { text, svg } = this.deps.captcha();
    const id = newCaptchaId();
    await this.repo.pruneCaptchas(now);
    await this.repo.insertCaptcha({
      id,
      code_hash: hashCaptchaCode(text),
      created_at: now,
      expires_at: now + CAPTCHA_TTL_MS,
      used_at: null,
    });
    return { captcha_id: id, image: svg };
  }

  /** Uses up the captcha (right or wrong) and tells whether the code matched. */
  async checkCaptcha(captchaId: string, code: string): Promise<boolean> {
    if (!captchaId || !code.trim()) {
      return false;
    }
    const storedHash = await this.repo.consumeCaptcha(captchaId, this.deps.now());
    return storedHash !== undefined && captchaMatches(code, storedHash);
  }

  /**
   * Signs a member in and returns the three tokens. After LOGIN_CAPTCHA_AFTER_FAILURES recent
   * failures of the account or the address a captcha is required; failures live in the database.
   */
  async login(body: z.output<typeof loginBody>, ip: string, device = ''): Promise<LoginResult> {
    const now = this.deps.now();
    const counts = await this.repo.countFailures(body.account, ip, failureWindowStart(now));
    if (needsCaptcha(counts)) {
      if (!body.captcha_id || !body.captcha_code.trim()) {
        throw badRequest(Msg.captchaRequired, { need_captcha: true });
      }
      if (!(await this.checkCaptcha(body.captcha_id, body.captcha_code))) {
        throw badRequest(Msg.captchaWrong, { need_captcha: true });
      }
    }
    const member = await this.members.findByAccount(body.account);
    // Unknown accounts spend a hash too, so the answer time does not tell which accounts exist.
    const passwordOk = await verifyPassword(body.password, member?.password_hash ?? (await dummyPasswordHash()));
    if (!member || !passwordOk) {
      await this.repo.pruneFailures(failureWindowStart(now));
      await this.repo.recordFailure(body.account, ip, now);
      throw badRequest(Msg.loginFailed, { need_captcha: needsCaptcha(afterFailure(counts)) });
    }
    if (member.status !== 1) {
      throw badRequest(Msg.accountDisabled);
    }
    await this.repo.clearFailures(body.account);
    return this.issueSession(member.id, body.platform, { ip, device });
  }

  /**
   * Creates a member (captcha always required) and signs it in; `agentId` is the agent on whose
   * own domain the member signed up (null on the house's).
   */
  async register(
    body: z.output<typeof registerBody>,
    client: SignInClient = { ip: '', device: '' },
    agentId: number | null = null,
  ): Promise<LoginResult> {
    if (!(await this.checkCaptcha(body.captcha_id, body.captcha_code))) {
      throw badRequest(Msg.captchaWrong, { need_captcha: true });
    }
    const memberId = await createMember(this.deps, {
      account: body.account,
      password: body.password,
      nickname: body.nickname,
      levelId: REGISTER_LEVEL_ID,
      expireTime: this.deps.now() + REGISTER_TRIAL_MS,
      roleIds: [MEMBER_ROLE.id],
      agentId,
    });
    return this.issueSession(memberId, body.platform, client);
  }

  /**
   * Resolves a memberToken to its member; 401 when missing, unknown, expired or revoked. Live
   * tokens are cached briefly; revocations here drop them at once (see MemberCache).
   */
  async authenticate(token: string | undefined): Promise<SessionMember> {
    if (!token) {
      throw unauthorized();
    }
    const tokenHash = hashToken(token);
    const now = this.deps.now();
    const cached = this.cache.sessions.get(tokenHash);
    if (cached && cached.expiresAt > now) {
      return { memberId: cached.memberId, sessionId: cached.sessionId };
    }
    const generation = this.cache.sessions.generation;
    const row = await this.repo.findLiveToken(tokenHash, 'api', now);
    if (!row) {
      throw unauthorized();
    }
    const session = { memberId: row.member_id, sessionId: row.session_id };
    this.cache.sessions.set(tokenHash, { ...session, expiresAt: row.expires_at }, generation);
    return session;
  }

  /** Revokes the three tokens of the login this token belongs to; a dead token is a no-op. */
  async logout(token: string | undefined): Promise<void> {
    if (!token) {
      return;
    }
    const row = await this.repo.findLiveToken(hashToken(token), 'api', this.deps.now());
    if (row) {
      await this.repo.revokeSession(row.session_id, this.deps.now());
      this.cache.dropSessions(row.member_id);
    }
  }

  /** Changes the password after checking the old one; every other login of the member ends. */
  async changePassword(session: SessionMember, body: z.output<typeof changePasswordBody>): Promise<void> {
    const member = await this.members.findById(session.memberId);
    if (!member || !(await verifyPassword(body.old_password, member.password_hash))) {
      throw badRequest(Msg.oldPasswordWrong);
    }
    await this.members.updatePasswordHash(member.id, await hashPassword(body.new_password), this.deps.now());
    await this.repo.revokeMemberSessions(member.id, session.sessionId, this.deps.now());
    this.cache.dropSessions(member.id);
  }

  /** Operator reset: sets a new password and ends every login of the member. */
  async resetPassword(account: string, password: string): Promise<void> {
    const member = await this.members.findByAccount(account);
    if (!member) {
      throw notFound();
    }
    await this.members.updatePasswordHash(member.id, await hashPassword(password), this.deps.now());
    await this.repo.revokeMemberSessions(member.id, null, this.deps.now());
    this.cache.dropSessions(member.id);
  }

  /** The member's live sessions, newest first, the caller's marked current. */
  async listSessions(session: SessionMember): Promise<MemberSession[]> {
    const rows = await this.repo.liveSessions(session.memberId, this.deps.now());
    return rows.map((row) => ({
      session_id: row.session_id,
      platform: row.platform,
      device: row.device,
      ip: row.ip,
      created_at: formatServerTime(row.created_at),
      current: row.session_id === session.sessionId,
    }));
  }

  /** Signs one of the member's own sessions out; another member's or a dead session is 404. */
  async endSession(session: SessionMember, sessionId: string): Promise<void> {
    const ended = await this.repo.revokeMemberSession(session.memberId, sessionId, this.deps.now());
    if (!ended) {
      throw notFound();
    }
    this.cache.dropSessions(session.memberId);
  }

  private async issueSession(memberId: number, platform: string, client: SignInClient): Promise<LoginResult> {
    const now = this.deps.now();
    const sessionId = randomUUID();
    const tokens: Record<TokenKind, string> = { api: generateToken(), nfc: generateToken(), digital: generateToken() };
    await this.repo.insertTokens(
      (Object.keys(tokens) as TokenKind[]).map((kind) => ({
        member_id: memberId,
        session_id: sessionId,
        kind,
        platform,
        token_hash: hashToken(tokens[kind]),
        created_at: now,
        expires_at: now + TOKEN_TTL_MS,
        revoked_at: null,
        ip: client.ip.slice(0, 64),
        device: client.device.slice(0, DEVICE_MAX),
      })),
    );
    return { ApiToken: tokens.api, nfc_api_token: tokens.nfc, digital_api_token: tokens.digital };
  }
}
