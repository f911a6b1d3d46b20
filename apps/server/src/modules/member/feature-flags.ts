import type { FeatureFlags } from '@vidmatrix/contract/rules/features';
import { notFound } from '../../errors.ts';
import type { MemberRepository } from './member.repository.ts';

/** The member lookup the §6 feature flags need. */
export type FeatureFlagStore = Pick<MemberRepository, 'findById'>;

/**
 * The member's §6 feature flags (proxies, batch download), read from the shared member repository so
 * accounts and materials do not call MemberService (issue 26); 404 when there is no such member.
 */
export async function featureFlagsOf(members: FeatureFlagStore, memberId: number): Promise<FeatureFlags> {
  const member = await members.findById(memberId);
  if (!member) {
    throw notFound();
  }
  return {
    is_ip: member.is_ip,
    is_batch_download: member.is_batch_download,
    batch_download_max: member.batch_download_max,
  };
}
