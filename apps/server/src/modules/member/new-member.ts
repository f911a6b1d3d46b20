import { Msg } from '@vidmatrix/contract/messages';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest } from '../../errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { BrandUrl } from '../brand/brand-assets.ts';
import type { Transaction } from '../../repositories.ts';
import type { MemberRepository } from './member.repository.ts';

/** What a new member starts with. */
export interface NewMember {
  account: string;
  password: string;
  nickname?: string;
  levelId: number;
  /** Epoch ms; null never expires. */
  expireTime: number | null;
  roleIds: readonly number[];
  /** The agent whose domain the member signed up on; null or absent for the house. */
  agentId?: number | null;
}

/** What creating a member touches of the member tables. */
export type NewMemberStore = Pick<MemberRepository, 'findByAccount' | 'levelExists'>;

/**
 * Creates a member with its roles and level; a taken account answers Msg.accountTaken, an unknown level
 * Msg.invalidParams. A function over the member repository, not a service method, so sign-up (auth) and
 * the operator's tools create members the one way without one service calling another (issue 26).
 */
export async function createMember(
  deps: { memberRepository: NewMemberStore; now: () => number; transaction: Transaction },
  input: NewMember,
): Promise<number> {
  const members = deps.memberRepository;
  if (await members.findByAccount(input.account)) {
    throw badRequest(Msg.accountTaken);
  }
  if (!(await members.levelExists(input.levelId))) {
    throw badRequest(Msg.invalidParams);
  }
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  try {
    return await deps.transaction(async ({ memberRepository: repo }) => {
      const memberId = await repo.insert({
        account: input.account,
        password_hash: passwordHash,
        nickname: input.nickname || input.account,
        avatar_url: BrandUrl.memberAvatar,
        phone: '',
        status: 1,
        is_ip: 0,
        is_batch_download: 1,
        batch_download_max: 50,
        is_ai_service: 0,
        ai_link: '',
        ai_name: '',
        agent_id: input.agentId ?? null,
        created_at: now,
        updated_at: now,
      });
      await repo.addRoles(memberId, input.roleIds);
      await repo.insertLevelUser({
        member_id: memberId,
        level_id: input.levelId,
        account_num: 0,
        space_storage: 0,
        expire_time: input.expireTime,
        updated_at: now,
      });
      return memberId;
    });
  } catch (error) {
    // Two sign-ups raced for the same account: the unique index decided.
    if (isUniqueViolation(error)) {
      throw badRequest(Msg.accountTaken);
    }
    throw error;
  }
}
