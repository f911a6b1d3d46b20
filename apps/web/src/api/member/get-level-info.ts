import { queryOptions, useQuery } from '@tanstack/react-query';
import { MemberApi, type LevelInfo } from '@vidmatrix/contract/api/member';
import { get } from '../../lib/request.ts';
import { memberKeys } from './member-keys.ts';

/** GET /api/console.Console/getShopLevelsetting: what the level grants and what is used. */
export function getLevelInfo(signal?: AbortSignal): Promise<LevelInfo> {
  return get<LevelInfo>(MemberApi.levelInfo, undefined, { signal });
}

/**
 * Level info as a query, the one key for the dashboard and the account quota; usage changes as
 * accounts and files are added (their mutations invalidate it), so it goes stale at once.
 */
export function getLevelInfoQueryOptions() {
  return queryOptions({ queryKey: memberKeys.level(), queryFn: ({ signal }) => getLevelInfo(signal), staleTime: 0 });
}

/** The member's level and usage. */
export function useLevelInfo(enabled = true) {
  return useQuery({ ...getLevelInfoQueryOptions(), enabled });
}
