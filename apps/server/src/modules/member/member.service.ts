import type { LevelInfo, MemberInfo, Menu } from '@vidmatrix/contract/api/member';
import { Msg } from '@vidmatrix/contract/messages';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors.ts';
import { memberCacheOf, type MemberCache } from './member-cache.ts';
import type { MemberRepository, MemberRow } from './member.repository.ts';
import { buildMenuTree } from './menu-tree.ts';
import { createMember, type NewMember } from './new-member.ts';

export type { NewMember } from './new-member.ts';

/** Agent branding an operator grants. */
export interface AgentBranding {
  logoWhite: string;
  logoBlack: string;
  wechatService: boolean;
}

/** What MemberService reads and writes of the member tables. */
export type MemberStore = Pick<
  MemberRepository,
  | 'findByAccount'
  | 'findById'
  | 'findInfo'
  | 'findLevel'
  | 'levelExists'
  | 'menusFor'
  | 'roleIds'
  | 'updateAiService'
  | 'updateFeatures'
  | 'updateLevelUser'
  | 'updatePasswordHash'
  | 'upsertAgent'
>;

/** Members: profile, roles, menus, level and agent branding. */
export class MemberService {
  private readonly repo: MemberStore;
  private readonly cache: MemberCache;

  /** `db` only keys the member cache, shared by every service on one database. */
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'now' | 'transaction'> & { memberRepository: MemberStore }) {
    this.repo = deps.memberRepository;
    this.cache = memberCacheOf(deps);
  }

  /** The member with this account, password hash included; undefined when none. */
  findByAccount(account: string): Promise<MemberRow | undefined> {
    return this.repo.findByAccount(account);
  }

  /** The member with this id; undefined when none. */
  findById(memberId: number): Promise<MemberRow | undefined> {
    return this.repo.findById(memberId);
  }

  /** Like findByAccount, but a missing account is a 404. */
  async requireByAccount(account: string): Promise<MemberRow> {
    const member = await this.repo.findByAccount(account);
    if (!member) {
      throw notFound();
    }
    return member;
  }

  /** Creates a member with its roles and level; a taken account answers Msg.accountTaken. */
  create(input: NewMember): Promise<number> {
    return createMember(this.deps, input);
  }

  /** Replaces the member's password hash (callers revoke sessions as they need). */
  async setPasswordHash(memberId: number, passwordHash: string): Promise<void> {
    await this.repo.updatePasswordHash(memberId, passwordHash, this.deps.now());
  }

  /** Member info with every SPEC §3 field; cached briefly, the writes below drop it. */
  async info(memberId: number): Promise<MemberInfo> {
    const cached = this.cache.infos.get(memberId);
    if (cached) {
      return cached;
    }
    const generation = this.cache.infos.generation;
    const info = await this.loadInfo(memberId);
    this.cache.infos.set(memberId, info, generation);
    return info;
  }

  /** The member's menu tree (through its roles). */
  async menus(memberId: number): Promise<Menu[]> {
    return buildMenuTree(await this.repo.menusFor(memberId));
  }

  /** Level info of SPEC §3: what the level grants and what the member uses. */
  async levelInfo(memberId: number): Promise<LevelInfo> {
    const level = await this.repo.findLevel(memberId);
    if (!level) {
      throw notFound();
    }
    return {
      level: {
        level_id: level.level_id,
        level_name: level.level_name,
        account_num: level.account_num,
        space_storage: level.space_storage,
      },
      level_user: {
        account_num: level.used_account_num,
        space_storage: level.used_space_storage,
        expire_time: formatExpiry(level.expire_time),
      },
    };
  }

  /** Moves a member to another level. */
  async setLevel(account: string, levelId: number): Promise<void> {
    const member = await this.requireByAccount(account);
    await this.requireLevel(levelId);
    await this.repo.updateLevelUser(member.id, { level_id: levelId }, this.deps.now());
    this.cache.dropInfo(member.id);
  }

  /** Sets when the membership expires; null never expires. */
  async setExpiry(account: string, expireTime: number | null): Promise<void> {
    const member = await this.requireByAccount(account);
    await this.repo.updateLevelUser(member.id, { expire_time: expireTime }, this.deps.now());
    this.cache.dropInfo(member.id);
  }

  /** Makes a member an agent with its own logos (or updates them). */
  async makeAgent(account: string, branding: AgentBranding): Promise<void> {
    const member = await this.requireByAccount(account);
    await this.repo.upsertAgent(
      member.id,
      {
        logo_white: branding.logoWhite,
        logo_black: branding.logoBlack,
        is_wechat_service: branding.wechatService ? 1 : 0,
      },
      this.deps.now(),
    );
    this.cache.dropInfo(member.id);
  }

  /** Turns the floating AI customer-service window on (link and name) or off (null) for a member. */
  async setAiService(account: string, service: { link: string; name: string } | null): Promise<void> {
    const member = await this.requireByAccount(account);
    await this.repo.updateAiService(
      member.id,
      service
        ? { is_ai_service: 1, ai_link: service.link, ai_name: service.name }
        : { is_ai_service: 0, ai_link: '', ai_name: '' },
      this.deps.now(),
    );
    this.cache.dropInfo(member.id);
  }

  /** Turns the §6 feature flags on or off: proxies (is_ip) and batch download with its maximum (0: off). */
  async setFeatures(account: string, flags: { proxy?: boolean; batchDownloadMax?: number }): Promise<void> {
    const member = await this.requireByAccount(account);
    await this.repo.updateFeatures(
      member.id,
      {
        ...(flags.proxy === undefined ? {} : { is_ip: flags.proxy ? 1 : 0 }),
        ...(flags.batchDownloadMax === undefined
          ? {}
          : { is_batch_download: flags.batchDownloadMax > 0 ? 1 : 0, batch_download_max: flags.batchDownloadMax }),
      },
      this.deps.now(),
    );
    this.cache.dropInfo(member.id);
  }

  private async loadInfo(memberId: number): Promise<MemberInfo> {
    const [member, roleIds] = await Promise.all([this.repo.findInfo(memberId), this.repo.roleIds(memberId)]);
    if (!member) {
      throw notFound();
    }
    return {
      member_id: member.id,
      username: member.account,
      nickname: member.nickname,
      avatar_url: member.avatar_url,
      phone: member.phone,
      role_ids: roleIds,
      agent:
        member.agent_member_id !== null
          ? {
              is_wechat_service: member.is_wechat_service ?? 0,
              logo_white: member.logo_white ?? '',
              logo_black: member.logo_black ?? '',
            }
          : null,
      is_ai: { is_ai_service: member.is_ai_service, ai_link: member.ai_link, ai_name: member.ai_name },
      is_ip: member.is_ip,
      is_batch_download: member.is_batch_download,
      batch_download_max: member.batch_download_max,
      // A level_user row without its level reads as no level, like levelInfo.
      member_level: {
        level_id: member.level_id ?? 0,
        level_name: member.level_name ?? '',
        expire_time: formatExpiry(member.level_id !== null ? member.expire_time : null),
      },
    };
  }

  private async requireLevel(levelId: number): Promise<void> {
    if (!(await this.repo.levelExists(levelId))) {
      throw badRequest(Msg.invalidParams);
    }
  }
}

function formatExpiry(expireTime: number | null): string {
  return expireTime === null ? '' : formatServerTime(expireTime);
}
