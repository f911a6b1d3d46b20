/**
 * Query keys of enterprise accounts, groups and platforms. The account selector (used by several
 * features) reads the same data the account page changes; invalidating `accountKeys.all` refreshes both.
 */
export const accountKeys = {
  all: ['enterprise-account'] as const,
  lists: () => [...accountKeys.all, 'list'] as const,
  list: (query: object) => [...accountKeys.lists(), query] as const,
  selector: (platformIds: readonly number[]) => [...accountKeys.all, 'selector', platformIds.join(',')] as const,
  groups: () => [...accountKeys.all, 'groups'] as const,
  platforms: () => ['platforms'] as const,
  authLog: (id: number) => [...accountKeys.all, 'auth-log', id] as const,
};
