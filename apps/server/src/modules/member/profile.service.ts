import type { aiServiceBody, avatarBody, profileBody } from '@vidmatrix/contract/api/user-center';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import { storeImageDataUrl } from '../brand/brand-image.ts';
import { memberCacheOf, type MemberCache } from './member-cache.ts';
import type { MemberRepository } from './member.repository.ts';

/** The user centre's profile: nickname, phone, the cropped avatar and the AI customer-service window. */
export class ProfileService {
  private readonly repo: Pick<MemberRepository, 'updateProfile' | 'updateAiService'>;
  private readonly cache: MemberCache;

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'now'> & {
      memberRepository: Pick<MemberRepository, 'updateProfile' | 'updateAiService'>;
      storage: Pick<StorageDriver, 'put' | 'publicUrl'>;
    },
  ) {
    this.repo = deps.memberRepository;
    this.cache = memberCacheOf(deps);
  }

  /** Changes the member's nickname and phone. */
  async update(memberId: number, body: z.output<typeof profileBody>): Promise<void> {
    await this.repo.updateProfile(memberId, { nickname: body.nickname, phone: body.phone }, this.deps.now());
    this.cache.dropInfo(memberId);
  }

  /** The member's own AI customer-service window: on or off, its name and link (member info's is_ai). */
  async updateAiService(memberId: number, body: z.output<typeof aiServiceBody>): Promise<void> {
    await this.repo.updateAiService(
      memberId,
      { is_ai_service: body.is_ai_service, ai_name: body.ai_name, ai_link: body.ai_link },
      this.deps.now(),
    );
    this.cache.dropInfo(memberId);
  }

  /** Stores the cropped avatar and makes it the member's; answers its URL. */
  async updateAvatar(memberId: number, body: z.output<typeof avatarBody>): Promise<string> {
    const url = await storeImageDataUrl(this.deps.storage, `avatar/${memberId}`, body.image);
    await this.repo.updateProfile(memberId, { avatar_url: url }, this.deps.now());
    this.cache.dropInfo(memberId);
    return url;
  }
}
